import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { ServiceMetrics } from './service-metrics.js';

/** Route label of a request Express did not route (404s, preflights, refusals before routing). */
export const NO_ROUTE = '(none)';

/**
 * Records every request of `server` when its response ends: method, the Express route pattern
 * that answered it (`/api/v1/tools/:id`, never the raw path, so labels stay few) and status.
 */
export function observeRequests(server: Server, metrics: ServiceMetrics): void {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const routed = req as IncomingMessage & { route?: { path?: unknown }; baseUrl?: string };
      const pattern = routed.route?.path;
      // One route can answer several patterns (`router.all([a, b])`): the label lists them.
      const patterns = Array.isArray(pattern) ? pattern.map(String).join(',') : pattern;
      const route = typeof patterns === 'string' ? `${routed.baseUrl ?? ''}${patterns}` : NO_ROUTE;
      const method = KNOWN_METHODS.has(req.method ?? '') ? (req.method as string) : 'other';
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observeRequest(method, route, res.statusCode, seconds);
    });
  });
}

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Answers `GET /metrics` (and HEAD) with the exposition; `undefined` for any other request. */
export async function answerMetrics(
  req: IncomingMessage,
  res: ServerResponse,
  metrics: ServiceMetrics,
): Promise<boolean> {
  const path = (req.url ?? '').split('?')[0];
  if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const { contentType, body } = await metrics.render();
  res.writeHead(200, {
    'Content-Type': contentType,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

/** A listener of its own that serves only `/metrics` (`METRICS_PORT`). */
export async function startMetricsServer(
  port: number,
  host: string,
  metrics: ServiceMetrics,
): Promise<Server> {
  const server = createServer((req, res) => {
    answerMetrics(req, res, metrics).then(
      (answered) => {
        if (answered) return;
        res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ error: 'Only GET /metrics is served on this port.' }));
      },
      () => {
        res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ error: 'The metrics could not be collected.' }));
      },
    );
  });
  server.listen(port, host);
  await once(server, 'listening');
  return server;
}

/** Metrics as started for one server: where they answer, and how to stop their own listener. */
export interface RunningMetrics {
  readonly url: string | undefined;
  close(): void;
}

/**
 * Starts observing `server`'s requests and, with `METRICS_PORT`, the metrics listener; `url` is
 * where `/metrics` answers (`serverUrl` is the service's own address). Nothing when `metrics` is
 * undefined (`METRICS_ENABLED=false`).
 */
export async function startMetrics(
  server: Server,
  serverUrl: string,
  metrics: ServiceMetrics | undefined,
  config: { readonly host: string; readonly port: number | undefined },
): Promise<RunningMetrics> {
  if (metrics === undefined) return { url: undefined, close: () => undefined };
  observeRequests(server, metrics);
  if (config.port === undefined) return { url: `${serverUrl}/metrics`, close: () => undefined };
  const own = await startMetricsServer(config.port, config.host, metrics);
  const { port } = own.address() as AddressInfo;
  return {
    url: `${serverUrl.replace(/:\d+$/, '')}:${port}/metrics`,
    close: () => {
      own.close();
      own.closeAllConnections();
    },
  };
}
