/**
 * Where the catalog and the subscriptions live (docs/operations.md#storage-families): files under
 * `DATA_DIR` and `CATALOG_FILE` for one instance, or one database shared by every instance.
 */
export type StorageChoice =
  | { readonly family: 'files' }
  | { readonly family: 'mongodb'; readonly url: string }
  | { readonly family: 'postgres'; readonly url: string };

/** How each shared database is named in messages, by the setting that picks it and on `/readyz`. */
export const SHARED_STORAGE_NAMES = {
  mongodb: { name: 'MongoDB', setting: 'MONGODB_URL', readinessCheck: 'mongodb' },
  postgres: { name: 'PostgreSQL', setting: 'DATABASE_URL', readinessCheck: 'postgres' },
} as const;

/**
 * The storage family the URLs pick: `MONGODB_URL` for MongoDB, `DATABASE_URL` for PostgreSQL,
 * neither for files. Both is a contradiction: the returned problem names the two settings.
 */
export function storageChoiceOf(
  mongodbUrl: string | undefined,
  databaseUrl: string | undefined,
): StorageChoice | { readonly problem: string } {
  if (mongodbUrl !== undefined && databaseUrl !== undefined) {
    return {
      problem:
        'Invalid settings MONGODB_URL and DATABASE_URL: both name a storage; set one (MONGODB_URL for MongoDB, DATABASE_URL for PostgreSQL) or neither (files under DATA_DIR).',
    };
  }
  if (mongodbUrl !== undefined) return { family: 'mongodb', url: mongodbUrl };
  if (databaseUrl !== undefined) return { family: 'postgres', url: databaseUrl };
  return { family: 'files' };
}

/** Whether `value` parses as a PostgreSQL connection URL with a host. */
export function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
  } catch {
    return false;
  }
}
