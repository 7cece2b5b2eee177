import { ConfigurationError, loadConfig, type ServerConfig } from '@reviews/service-common';
import { CommandFailure, EXIT, type CliIo } from '../cli-command.js';

/**
 * The server's own settings (docs/operations.md#configuration), read from the same environment the
 * server gets, so that `catalog export` writes what the server's `/reviews/index.json` serves and
 * `catalog import` targets the store the server reads (`MONGODB_URL`, else `CATALOG_FILE`).
 */
export function loadSettings(io: CliIo): ServerConfig {
  try {
    return loadConfig(io.env, io.cwd);
  } catch (error) {
    if (error instanceof ConfigurationError) throw new CommandFailure(error.message, EXIT.usage);
    throw error;
  }
}
