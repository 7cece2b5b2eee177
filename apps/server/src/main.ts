import { CatalogInvalidError } from '@reviews/application';
import {
  ConfigurationError,
  loadConfig,
  SHARED_STORAGE_NAMES,
  type ServerConfig,
} from '@reviews/service-common';
import { createLogger, type Logger } from './logging/logger.js';
import { startServer } from './server.js';

/**
 * Process entry point: configuration or catalog problems stop the process before it listens,
 * with one line per problem and exit code 1. SIGTERM/SIGINT turn `/readyz` to 503, keep serving
 * for the drain period, then stop accepting and finish in-flight requests (Ctrl+C at a terminal
 * skips the drain period); SIGHUP
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
      return fail(`${catalogSource(config)}: ${error.message}`, logger);
    }
    const reason = error instanceof Error ? error.message : String(error);
    return fail(`The service could not start: ${reason}`, logger);
  }

  let stopping = false;
  const stop = (signal: string) => {
    // One stop: pnpm passes the terminal's SIGINT on to the server, which so gets it twice.
    if (stopping) return;
    stopping = true;
    // Ctrl+C at a terminal is a person stopping their own server: no balancer to drain, and no
    // JSON lines for machines either: the stop is quiet (README.md).
    const drain = !(signal === 'SIGINT' && process.stdin.isTTY);
    if (drain) {
      logger.info(
        { signal, drainMs: config.shutdownDrainMs },
        'shutting down: not ready any more, serving for the drain period, then finishing requests in flight',
      );
    }
    (drain ? running.shutdown() : running.close()).then(
      () => {
        if (drain) logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGHUP', () => {
    logger.info({ signal: 'SIGHUP' }, 'catalog reload requested');
    running.republish().catch(async (error: unknown) => {
      logger.error(
        { problems: error instanceof CatalogInvalidError ? error.problems : String(error) },
        'catalog not republished; the previous publication stays live',
      );
      // The person who sent the signal reads stderr, as for every other failure of the start.
      await flushed(logger);
      process.stderr.write(`${reloadFailure(config, error)}\n`);
    });
  });

  // For the person at the terminal, after every line of the start (the JSON lines are for
  // machines): the first snapshot written, the batched log lines out.
  await running.startupSettled;
  await flushed(logger);
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
}

/** Where the catalog comes from, for messages: the file, or the shared database's publication. */
function catalogSource(config: ServerConfig): string {
  return config.storage.family === 'files'
    ? `CATALOG_FILE ${config.catalogFile}`
    : `The live publication in ${SHARED_STORAGE_NAMES[config.storage.family].name}`;
}

/**
 * The one plain line of a failed SIGHUP reload: what was read, how many problems and the first
 * (the JSON line on stdout has them all), and that the previous publication stays live.
 */
function reloadFailure(config: ServerConfig, error: unknown): string {
  const first = error instanceof CatalogInvalidError ? error.problems[0] : undefined;
  const reason =
    error instanceof CatalogInvalidError
      ? `${error.problems.length === 1 ? '1 problem' : `${error.problems.length} problems`}${first === undefined ? '' : `, the first: ${first.path}: ${first.message}`}`
      : error instanceof Error
        ? error.message
        : String(error);
  return `Catalog not reloaded. ${catalogSource(config)}: ${reason.replace(/\s+/g, ' ')}. The previous publication stays live.`;
}

/** Ends the start with `message` on stderr, after the log lines written before it. */
async function fail(message: string, logger?: Logger): Promise<void> {
  // Set first: the process ends with 1 even if stdout can no longer be written.
  process.exitCode = 1;
  if (logger !== undefined) await flushed(logger);
  console.error(message);
}

/** Resolves once the log lines logged so far are written. */
function flushed(logger: Logger): Promise<void> {
  return new Promise((resolve) => logger.flush(() => resolve()));
}

await main();
