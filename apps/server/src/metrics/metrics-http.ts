import {
  errorBody,
  requestIdFor,
  routeLabelOf,
  sendJsonError,
  setFrameHeaders,
} from '@reviews/http-common';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listeningUrl } from '../listening-url.js';
import type { ServiceMetrics } from './service-metrics.js';

/**
 * Records every request of `server` when its response ends: method, the Express route pattern
 * that answered it (`/api/v1/tools/:id`, never the raw path, so labels stay few) and status.
 */
export function observeRequests(server: Server, metrics: ServiceMetrics): void {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const route = routeLabelOf(req);
      const method = KNOWN_METHODS.has(req.method ?? '') ? (req.method as string) : 'other';
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observeRequest(method, route, res.statusCode, seconds);
    });
  });
}

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Answers `GET /metrics` (and HEAD) with the exposition; `false` for any other request. */
async function answerMetrics(
  req: IncomingMessage,
  res: ServerResponse,
  metrics: ServiceMetrics,
): Promise<boolean> {
  const path = (req.url ?? '').split('?')[0];
  if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const { contentType, body } = await metrics.render();
  res.setHeader('Content-Type', contentType);
  res.setHeader('Cache-Control', 'no-store');
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

/**
 * The listener of its own that serves only `/metrics` (`METRICS_PORT` on `METRICS_HOST`,
 * docs/operations.md#metrics): operational data never goes out on the public port, and no response
 * here carries CORS headers, so no web page can read it. A port it cannot bind is an error naming
 * both settings, except the default port when it is taken (another instance on the same host has
 * it): then `onDefaultTaken` is told, and a free port is bound instead.
 */
async function startMetricsServer(
  listener: MetricsListener,
  onDefaultTaken: (message: string) => void,
): Promise<Server> {
  const { port, host, portGiven, metrics } = listener;
  const server = createServer((req, res) => {
    // The frame every response carries (no CORS: no page may read this port).
    setFrameHeaders(res, requestIdFor(req.headers['x-request-id']));
    answerMetrics(req, res, metrics).then(
      (answered) => {
        if (!answered)
          sendJsonError(res, 404, errorBody('Only GET /metrics is served on this port.'));
      },
      () => sendJsonError(res, 500, errorBody('The metrics could not be collected.')),
    );
  });
  try {
    await listen(server, port, host);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    if (!portGiven && reason === 'EADDRINUSE') {
      onDefaultTaken(
        `metrics port ${port} on ${host} is taken (another instance?); using a free port instead (set METRICS_PORT to choose one)`,
      );
      await listen(server, 0, host);
      return server;
    }
    throw new Error(
      `the metrics listener could not bind METRICS_HOST=${host} METRICS_PORT=${port} (${reason}). Choose a free METRICS_PORT (0 picks one), another METRICS_HOST, or METRICS_ENABLED=false.`,
      { cause: error },
    );
  }
  return server;
}

async function listen(server: Server, port: number, host: string): Promise<void> {
  server.listen(port, host);
  await once(server, 'listening');
}

/** Where the metrics listener goes, and what it serves. */
interface MetricsListener {
  readonly metrics: ServiceMetrics;
  readonly host: string;
  readonly port: number;
  /** False when `METRICS_PORT` is unset: a taken default port gives way to a free one. */
  readonly portGiven: boolean;
}

/** Metrics as started for one server: where they answer, and how to stop their own listener. */
export interface RunningMetrics {
  readonly url: string | undefined;
  close(): void;
}

/**
 * Starts the metrics listener and observing `server`'s requests; `url` is where `/metrics`
 * answers, with the port actually bound. Nothing when `listener` is undefined
 * (`METRICS_ENABLED=false`).
 */
export async function startMetrics(
  server: Server,
  listener: MetricsListener | undefined,
  onDefaultTaken: (message: string) => void,
): Promise<RunningMetrics> {
  if (listener === undefined) return { url: undefined, close: () => undefined };
  const own = await startMetricsServer(listener, onDefaultTaken);
  observeRequests(server, listener.metrics);
  return {
    url: `${listeningUrl(own, listener.host)}/metrics`,
    close: () => {
      own.close();
      own.closeAllConnections();
    },
  };
}
