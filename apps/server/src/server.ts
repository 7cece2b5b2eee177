import { createHttpServer } from '@reviews/adapters-http';
import type {
  GetTool,
  LivePublication,
  PublishCatalog,
  PublishedCatalog,
  SearchTools,
} from '@reviews/application';
import { CatalogNotPublishedError } from '@reviews/adapters-persistence';
import type { Express } from 'express';
import type { Container } from 'inversify';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ServerConfig } from './config/server-config.js';
import { followPublications } from './catalog/follow-publications.js';
import type { ListeningGate } from './container/catalog.bindings.js';
import { createContainer } from './container/create-container.js';
import { observedAsTheService } from './container/metrics.bindings.js';
import { TOKENS } from './container/tokens.js';
import type { ServiceLifecycle } from './lifecycle/service-lifecycle.js';
import { accessLoggerOf, createLogger, nowhere, type Logger } from './logging/logger.js';
import { startMetrics } from './metrics/metrics-http.js';
import { observedListener, ownQuota, warmUpHttpPath } from './publication/http-warm-up.js';
import { warmUpReadPath } from './publication/read-path-warm-up.js';
import { ServiceMetrics } from './metrics/service-metrics.js';

export interface RunningServer {
  /** `http://host:port` actually bound (port 0 picks a free one). */
  readonly url: string;
  /** Where `/metrics` answers; undefined with `METRICS_ENABLED=false`. */
  readonly metricsUrl: string | undefined;
  readonly server: Server;
  readonly container: Container;
  /**
   * Re-reads the catalog (off the request thread); on failure the previous publication stays live
   * and this rejects. Calls during a reload share one follow-up reload.
   */
  republish(): Promise<void>;
  /** Stops accepting, lets in-flight requests finish (up to the grace period), then releases resources. */
  close(): Promise<void>;
  /**
   * SIGTERM: `/readyz` answers 503 at once and every response closes its connection, while
   * requests are still served for the drain period (`SHUTDOWN_DRAIN_MS`); then `close()`.
   */
  shutdown(): Promise<void>;
}

/**
 * Boots the service: wires the container, publishes the catalog (rejecting when it is invalid,
 * before anything listens), then listens. With MongoDB it then follows new publications.
 */
export async function startServer(config: ServerConfig, logger: Logger): Promise<RunningServer> {
  const container = createContainer(config, logger);
  const publishCatalog = await container.getAsync<PublishCatalog>(TOKENS.PublishCatalog);
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
    // A fresh MongoDB has no publication yet: serve (not ready) and pick up the first one.
    if (!(error instanceof CatalogNotPublishedError)) throw error;
    logger.warn(error.message);
  }
  // Before listening: compiles the search, excerpt and presenter paths in process (the HTTP path
  // is warmed below, once the app exists).
  const warmUp = warmUpReadPath(
    container.get<LivePublication>(TOKENS.LivePublication),
    container.get<SearchTools>(TOKENS.SearchTools),
    container.get<GetTool>(TOKENS.GetTool),
  );
  logger.info(warmUp, 'read path warmed up');
  // Sweeps the verification-mail outbox at once: mails a crash left are sent without waiting
  // for a signup.
  await container.getAsync(TOKENS.MailDispatcher);
  const following =
    config.mongodbUrl === undefined
      ? undefined
      : await followPublications(container, config, logger, republish);

  const lifecycle = container.get<ServiceLifecycle>(TOKENS.ServiceLifecycle);
  const handle = await requestHandler(container);
  // The proxies TRUST_PROXY names are not capped per client: every connection through one is its.
  const httpLimits = { ...config.connections, trustProxy: config.trustProxy };
  // Before listening: real requests through the same handler over a private loopback listener,
  // so Express, zod, serialisation, compression and the ETag are warm for the first client too.
  // It only makes the first requests faster: when it fails (no loopback, a request that does
  // not answer), the service says so and listens anyway.
  // Its requests write their access log lines to a logger like the service's that writes
  // nowhere, and are observed by metrics of their own that nobody scrapes: so the first client's
  // request is not the first to format a log line or to be observed either.
  try {
    const live = container.get<LivePublication>(TOKENS.LivePublication);
    const scratchMetrics = config.metrics.enabled
      ? new ServiceMetrics({ live }, { processMetrics: false })
      : undefined;
    const httpWarmUp = await warmUpHttpPath(
      live,
      handle,
      observedListener((h) => createHttpServer(h, httpLimits), scratchMetrics),
      ownQuota(observedAsTheService(container, config)),
      accessLoggerOf(createLogger(config.logLevel, nowhere)),
    );
    logger.info(httpWarmUp, 'HTTP path warmed up');
  } catch (error) {
    logger.warn({ err: error }, 'HTTP warm-up failed; the first requests will be slower');
  }
  const server = createHttpServer(handle, httpLimits);
  server.listen(config.port, config.host);
  await once(server, 'listening');
  // Writes of the first publication's index snapshot waited for this.
  container.get<ListeningGate>(TOKENS.ListeningGate).open();
  const { port } = server.address() as AddressInfo;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;
  const metrics = await startMetrics(
    server,
    url,
    config.metrics.enabled ? container.get<ServiceMetrics>(TOKENS.Metrics) : undefined,
    { host: config.host, port: config.metrics.enabled ? config.metrics.port : undefined },
  );
  const metricsUrl = metrics.url;
  logger.info({ url, publicBaseUrl: config.publicBaseUrl, metricsUrl }, 'listening');

  const inFlight = trackRequestsInFlight(server);
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      server.close();
      metrics.close();
      server.closeIdleConnections();
      await inFlight.drained(config.shutdownGraceMs);
      server.closeAllConnections();
      await following?.close();
      await container.unbindAllAsync();
    })();
    return closing;
  };

  let shuttingDown: Promise<void> | undefined;
  const shutdown = (): Promise<void> => {
    shuttingDown ??= (async () => {
      lifecycle.startDraining();
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      await close();
    })();
    return shuttingDown;
  };

  return { url, metricsUrl, server, container, republish, close, shutdown };
}

/**
 * What the public listener runs for every request: cached reads answered before Express, every
 * other request through the Express app; while draining, each response closes its connection.
 */
export async function requestHandler(
  container: Container,
): Promise<(req: IncomingMessage, res: ServerResponse) => void> {
  const app = await container.getAsync<Express>(TOKENS.HttpApp);
  const lifecycle = container.get<ServiceLifecycle>(TOKENS.ServiceLifecycle);
  const cachedReads = container.get<(req: IncomingMessage, res: ServerResponse) => boolean>(
    TOKENS.CachedReads,
  );
  const knownMcpCalls = container.get<
    (req: IncomingMessage, res: ServerResponse, handoff: typeof app) => boolean
  >(TOKENS.KnownMcpCalls);
  return (req, res) => {
    // While draining, clients are sent to reconnect (to another instance) after each response.
    if (!lifecycle.accepting) res.setHeader('Connection', 'close');
    if (!cachedReads(req, res) && !knownMcpCalls(req, res, app)) app(req, res);
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
