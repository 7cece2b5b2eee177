import { createHttpServer } from '@reviews/adapters-http';
import { CatalogNotPublishedError, type PublishedCatalog } from '@reviews/application';
import { once } from 'node:events';
import net from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ServerConfig } from '@reviews/service-common';
import { followPublications } from './catalog/follow-publications.js';
import type { ServiceApp } from './container/service-parts.js';
import { createContainer } from './container/create-container.js';
import { TOKENS } from './container/tokens.js';
import { accessLoggerOf, createLogger, nowhere, type Logger } from './logging/logger.js';
import { listeningUrl } from './listening-url.js';
import { startMetrics, type RunningMetrics } from './metrics/metrics-http.js';
import { observedListener, ownQuota, warmUpHttpPath } from './publication/http-warm-up.js';
import { warmUpReadPath } from './publication/read-path-warm-up.js';
import { ServiceMetrics } from './metrics/service-metrics.js';

export interface RunningServer {
  /** `http://host:port` actually bound (port 0 picks a free one). */
  readonly url: string;
  /** Where `/metrics` answers; undefined with `METRICS_ENABLED=false`. */
  readonly metricsUrl: string | undefined;
  readonly server: Server;
  /**
   * Resolves once the work the start left running has finished (writing the first publication's
   * index snapshot), so the line for people can come after every line of the start.
   */
  readonly startupSettled: Promise<void>;
  /**
   * Re-reads the catalog (off the request thread); on failure the previous publication stays live
   * and this rejects. Calls during a reload share one follow-up reload.
   */
  republish(): Promise<void>;
  /** Stops accepting, lets in-flight requests finish (up to the grace period), then releases resources. */
  close(): Promise<void>;
  /**
   * SIGTERM: `/readyz` answers 503 at once and every response closes its connection, while
   * requests are still served for the drain period (`SHUTDOWN_DRAIN_MS`); then as `close()`,
   * except that connections idle at that moment may still send a request and have it answered.
   */
  shutdown(): Promise<void>;
}

/**
 * Boots the service: wires the container, binds its listeners (rejecting when a port cannot be
 * bound, before any indexing), publishes the catalog (rejecting when it is invalid, releasing the
 * ports), warms up, then says it is listening. With a shared storage it then follows new
 * publications.
 */
export async function startServer(config: ServerConfig, logger: Logger): Promise<RunningServer> {
  const container = createContainer(config, logger);
  let app: ServiceApp;
  try {
    app = await container.getAsync<ServiceApp>(TOKENS.App);
  } catch (error) {
    // What did connect (the shared database, Redis, the store) is released: the process can end.
    await container.unbindAllAsync();
    throw error;
  }
  const { publishCatalog, live, lifecycle } = app;
  const handle = requestHandler(app);
  // The proxies TRUST_PROXY names are not capped per client: every connection through one is its.
  const httpLimits = { ...config.connections, trustProxy: config.trustProxy };
  const server = createHttpServer(handle, httpLimits, logger);
  // Every listener is bound before the catalog is read and indexed, so that a port that cannot be
  // bound stops the start within a second at any catalog size (docs/operations.md#starting). Until
  // the first publication, the service answers as one that has none yet: 503, not ready.
  let metrics: RunningMetrics | undefined;
  try {
    metrics = await startMetrics(
      server,
      config.metrics.enabled && app.metrics !== undefined
        ? {
            metrics: app.metrics,
            host: config.metrics.host,
            port: config.metrics.port,
            portGiven: config.metrics.portGiven,
          }
        : undefined,
      (message) => logger.warn(message),
    );
    await listenOn(server, config.port, config.host);
  } catch (error) {
    metrics?.close();
    await container.unbindAllAsync();
    throw error;
  }
  const running = metrics;
  const unbind = async (): Promise<void> => {
    running.close();
    server.close();
    server.closeAllConnections();
    await container.unbindAllAsync();
  };

  let lastPublished: PublishedCatalog | undefined;
  const republish = async (): Promise<void> => {
    const started = Date.now();
    const published = await publishCatalog.execute();
    // Coalesced reloads share one publication: log it once.
    if (published === lastPublished) return;
    lastPublished = published;
    logger.info({ ...published, ms: Date.now() - started }, 'catalog published');
  };
  try {
    await republish();
  } catch (error) {
    // A fresh shared database has no publication yet: serve (not ready) and pick up the first one.
    if (!(error instanceof CatalogNotPublishedError)) {
      await unbind();
      throw error;
    }
    logger.warn(error.message);
  }
  // Compiles the search, excerpt and presenter paths in process (the HTTP path is warmed below).
  const warmUp = warmUpReadPath(live, app.searchTools, app.getTool);
  logger.info(warmUp, 'read path warmed up');
  // Sweeps the verification-mail outbox at once: mails a crash left are sent without waiting
  // for a signup.
  app.mailDispatcher.start();
  const following =
    app.publications === undefined
      ? undefined
      : followPublications(app.publications, logger, republish);

  // Real requests through the same handler over a private loopback listener, so Express, zod,
  // serialisation, compression and the ETag are warm for the first client too.
  // It only makes the first requests faster: when it fails (no loopback, a request that does
  // not answer), the service says so and goes on.
  // Its requests write their access log lines to a logger like the service's that writes
  // nowhere, and are observed by metrics of their own that nobody scrapes: so the first client's
  // request is not the first to format a log line or to be observed either.
  try {
    const scratchMetrics = config.metrics.enabled
      ? new ServiceMetrics({ live }, { processMetrics: false })
      : undefined;
    const httpWarmUp = await warmUpHttpPath(
      live,
      handle,
      observedListener((h) => createHttpServer(h, httpLimits, logger), scratchMetrics),
      ownQuota(app.observeRateLimiter),
      accessLoggerOf(createLogger(config.logLevel, nowhere)),
    );
    logger.info(httpWarmUp, 'HTTP path warmed up');
  } catch (error) {
    logger.warn({ err: error }, 'HTTP warm-up failed; the first requests will be slower');
  }
  // Writes of the first publication's index snapshot waited for this.
  app.listening.open();
  const startupSettled = app.snapshotsSaved();
  const url = listeningUrl(server, config.host);
  const metricsUrl = running.url;
  logger.info({ url, publicBaseUrl: config.publicBaseUrl, metricsUrl }, 'listening');

  const inFlight = trackRequestsInFlight(server);
  let closing: Promise<void> | undefined;
  /**
   * Stops accepting, then gives the connections already accepted `idleWindowMs` to send a
   * request (answered, with `Connection: close`), closes those still idle, lets the requests in
   * flight finish, and after `SHUTDOWN_GRACE_MS` in all cuts what is left.
   */
  const stop = (idleWindowMs: number): Promise<void> => {
    closing ??= (async () => {
      const deadline = Date.now() + config.shutdownGraceMs;
      lifecycle.startDraining();
      // Connections the kernel has already accepted are taken first (the next poll phase).
      await new Promise((resolve) => setImmediate(resolve));
      // The listener alone: Node's `server.close()` would also drop the idle connections at
      // once, resetting any whose request is already on its way.
      const allClosed = new Promise<void>((resolve) => {
        net.Server.prototype.close.call(server, () => resolve());
      });
      running.close();
      await until(allClosed, Math.min(idleWindowMs, config.shutdownGraceMs));
      server.closeIdleConnections();
      await inFlight.drained(Math.max(0, deadline - Date.now()));
      server.closeAllConnections();
      // Node's own close, now that nothing is left: it also ends its connection checks.
      server.close();
      await following?.close();
      await container.unbindAllAsync();
    })();
    return closing;
  };
  const close = (): Promise<void> => stop(0);

  let shuttingDown: Promise<void> | undefined;
  const shutdown = (): Promise<void> => {
    shuttingDown ??= (async () => {
      lifecycle.startDraining();
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      // A connection open when the listener closes may be about to send its request: it has
      // as long as any client has to send one (the headers timeout), within the grace period.
      await stop(config.connections.headersTimeoutMs);
    })();
    return shuttingDown;
  };

  return { url, metricsUrl, server, startupSettled, republish, close, shutdown };
}

/**
 * Binds the public listener. A port it cannot bind is an error naming `PORT` and `HOST` and what
 * to do about it (docs/operations.md#configuration), as the metrics listener's is.
 */
async function listenOn(server: Server, port: number, host: string): Promise<void> {
  server.listen(port, host);
  try {
    await once(server, 'listening');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    const problem =
      code === 'EADDRINUSE'
        ? `PORT=${port} on HOST=${host} is in use (EADDRINUSE). Stop what holds it, or choose another port: PORT=${port + 1} npx --yes pnpm@10 start (PORT=0 picks a free one).`
        : `it cannot listen on HOST=${host} PORT=${port} (${code}). Choose another PORT (PORT=0 picks a free one) or HOST.`;
    throw new Error(problem, { cause: error });
  }
}

/** Waits for `settled`, but no longer than `ms`. */
async function until(settled: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([settled, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/**
 * What the public listener runs for every request, after the connection caps and the parser's
 * refusals (`createHttpServer`): a cached read, a search and `POST /mcp` are answered before
 * Express (`beforeApp`: the same pipeline steps, without Express's per-request work), every other
 * request through the Express app; while draining, each response closes its connection.
 */
export function requestHandler({
  httpApp,
  lifecycle,
  beforeApp,
}: ServiceApp): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    // While draining, clients are sent to reconnect (to another instance) after each response.
    if (!lifecycle.accepting) res.setHeader('Connection', 'close');
    if (!beforeApp(req, res)) httpApp(req, res);
  };
}

/**
 * Counts requests between their arrival and the end of their response. Node's own `close()`
 * callback can fire while a request whose body is still arriving is being served, so shutdown
 * waits on this count instead.
 */
function trackRequestsInFlight(server: Server): { drained(timeoutMs: number): Promise<void> } {
  let active = 0;
  const waiters = new Set<() => void>();
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    active++;
    res.once('close', () => {
      active--;
      if (active === 0) for (const wake of waiters) wake();
    });
  });
  return {
    drained: (timeoutMs) =>
      new Promise<void>((resolve) => {
        if (active === 0) return resolve();
        const timer = setTimeout(done, timeoutMs);
        function done(): void {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        }
        waiters.add(done);
      }),
  };
}
