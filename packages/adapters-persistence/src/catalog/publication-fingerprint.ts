import { createHash } from 'node:crypto';
import type { CatalogDocument } from '@reviews/domain';

/**
 * The publication id a database storage (MongoDB, PostgreSQL) gives `document`: the first 16 hex digits of the SHA-256 of the document's JSON, hashed tool
 * by tool (a large catalog never becomes one string). Equal content gives the same id.
 */
export function fingerprintOf(document: CatalogDocument): string {
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify({ schemaVersion: document.schemaVersion, publishedAt: document.publishedAt }),
  );
  for (const tool of document.tools) hash.update(`\n${JSON.stringify(tool)}`);
  return hash.digest('hex').slice(0, 16);
}
