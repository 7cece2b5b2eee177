import { SHARED_STORAGE_NAMES } from '@reviews/service-common';

/**
 * The settings that choose the subscription store, for the help texts, from the table the
 * settings are read with (`SHARED_STORAGE_NAMES`): `MONGODB_URL (MongoDB) or DATABASE_URL
 * (PostgreSQL)`. So a help text never forgets a database the commands can use.
 */
export const SHARED_STORE_SETTINGS = Object.values(SHARED_STORAGE_NAMES)
  .map(({ setting, name }) => `${setting} (${name})`)
  .join(' or ');
