import type { CatalogSource } from '@reviews/application';
import { FileCatalogSource } from '@reviews/adapters-persistence';
import type { ServerConfig } from '../config/server-config.js';

/**
 * The catalog source the configuration names. Used by the container (first publication) and by
 * the publication worker (every later one), so both read the same catalog.
 */
export function createCatalogSource(config: ServerConfig): CatalogSource {
  return new FileCatalogSource(config.catalogFile);
}
