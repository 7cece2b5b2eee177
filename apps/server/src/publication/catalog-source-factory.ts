import type { CatalogSource } from '@reviews/application';
import { FileCatalogSource, type FileCatalogSourceOptions } from '@reviews/adapters-persistence';
import { connectSharedStorage, type ServerConfig } from '@reviews/service-common';

/**
 * Runs `use` with the catalog source the configuration names: `CATALOG_FILE`, or the live
 * publication of the shared storage through a connection of its own, closed afterwards. The publication
 * worker builds every reload with it (it has no container, so no shared connection); the
 * container binds the same two sources for the first publication. `publishedBefore`: see
 * `FileCatalogSourceOptions` (the catalog file only).
 */
export async function withCatalogSource<T>(
  config: ServerConfig,
  use: (source: CatalogSource) => Promise<T>,
  publishedBefore?: FileCatalogSourceOptions['publishedBefore'],
): Promise<T> {
  const storage = await connectSharedStorage(config.storage, {
    refreshIntervalMs: config.catalogRefreshIntervalMs,
  });
  if (storage === undefined)
    return use(
      new FileCatalogSource(config.catalogFile, publishedBefore ? { publishedBefore } : {}),
    );
  try {
    return await use(storage.catalog);
  } finally {
    await storage.close();
  }
}
