import { CatalogInvalidError } from '@reviews/application';
import {
  ConfigurationError,
  loadConfig,
  SHARED_STORAGE_NAMES,
  type ServerConfig,
} from '@reviews/service-common';
import { createLogger } from './logging/logger.js';
import { startServer } from './server.js';

/**
 * Process entry point: configuration or catalog problems stop the process before it listens,
 * with one line per problem and exit code 1. SIGTERM/SIGINT turn `/readyz` to 503, keep serving
 * for the drain period, then stop accepting and finish in-flight requests; SIGHUP
 * re-reads the catalog (an invalid one leaves the previous publication live).
 */
async function main(): Promise<void> {
  let config: ServerConfig;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigurationError) return fail(error.message);
    throw error;
  }
  const logger = createLogger(config.logLevel);

  let running;
  try {
    running = await startServer(config, logger);
  } catch (error) {
    if (error instanceof CatalogInvalidError) {
      const where =
        config.storage.family === 'files'
          ? `CATALOG_FILE ${config.catalogFile}`
          : `The live publication in ${SHARED_STORAGE_NAMES[config.storage.family].name}`;
      return fail(`${where}: ${error.message}`);
    }
    const reason = error instanceof Error ? error.message : String(error);
    return fail(`The service could not start: ${reason}`);
  }

  // For the person at the terminal; the JSON line above it is for machines.
  const metrics = running.metricsUrl === undefined ? '' : `, metrics at ${running.metricsUrl}`;
  const shared =
    config.storage.family === 'files' ? undefined : SHARED_STORAGE_NAMES[config.storage.family];
  const catalog =
    shared === undefined
      ? config.catalogFile
      : `the live publication in ${shared.name} (${shared.setting})`;
  process.stderr.write(
    `Listening on ${running.url} (catalog: ${catalog}${metrics}). Ctrl+C stops; kill -HUP ${process.pid} reloads the catalog.\n`,
  );

  const stop = (signal: string) => {
    logger.info(
      { signal, drainMs: config.shutdownDrainMs },
      'shutting down: not ready any more, serving for the drain period, then finishing requests in flight',
    );
    running.shutdown().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  process.on('SIGHUP', () => {
    logger.info({ signal: 'SIGHUP' }, 'catalog reload requested');
    running.republish().catch((error: unknown) => {
      logger.error(
        { problems: error instanceof CatalogInvalidError ? error.problems : String(error) },
        'catalog not republished; the previous publication stays live',
      );
    });
  });
}

function fail(message: string): void {
  console.error(message);
  process.exitCode = 1;
}

await main();
