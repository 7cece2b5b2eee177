/**
 * Oracles of the catalog reading the stores do: whole-document validation and reading of a
 * catalog held in memory. Published as `@reviews/adapters-persistence/testing`; never used by
 * production code.
 */
export {
  catalogDocumentSchema,
  readCatalogJson,
  validateCatalogDocument,
} from './catalog-oracles.js';
