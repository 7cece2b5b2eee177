/**
 * The shared catalog storage holds no publication yet (a fresh database). A `CatalogSource`
 * rejects `load()` with it; the server then starts not ready and waits for the first one
 * (docs/operations.md#storage-families).
 */
export class CatalogNotPublishedError extends Error {
  override readonly name = 'CatalogNotPublishedError';
  /** `storage`: where, as people call it (`MongoDB`, `PostgreSQL`). */
  constructor(storage: string) {
    super(
      `No catalog has been published to ${storage} yet (publish one with \`pnpm catalog import FILE\`).`,
    );
  }
}
