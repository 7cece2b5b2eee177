import type { CatalogSource } from '@reviews/application';
import {
  connectMongo,
  FileCatalogSource,
  MongoCatalogSource,
  type FileCatalogSourceOptions,
} from '@reviews/adapters-persistence';
import type { ServerConfig } from '@reviews/service-common';

/**
 * Runs `use` with the catalog source the configuration names: `CATALOG_FILE`, or the live
 * publication in MongoDB through a connection of its own, closed afterwards. The publication
 * worker builds every reload with it (it has no container, so no shared connection); the
 * container binds the same two sources for the first publication. `publishedBefore`: see
 * `FileCatalogSourceOptions` (the catalog file only).
 */
export async function withCatalogSource<T>(
  config: ServerConfig,
  use: (source: CatalogSource) => Promise<T>,
  publishedBefore?: FileCatalogSourceOptions['publishedBefore'],
): Promise<T> {
  if (config.mongodbUrl === undefined)
    return use(
      new FileCatalogSource(config.catalogFile, publishedBefore ? { publishedBefore } : {}),
    );
  const connection = await connectMongo(config.mongodbUrl);
  try {
    return await use(new MongoCatalogSource(connection.db));
  } finally {
    await connection.close();
  }
}
