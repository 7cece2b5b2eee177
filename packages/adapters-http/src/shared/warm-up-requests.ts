import type { Logger, RequestQuota } from '@reviews/application';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Sockets the server itself opened to warm its HTTP path before the public listener opens, each
 * with the quota its requests are charged to. Their requests run through the real handler but
 * charge no client's bucket and write no line to the service's access log (to the warm-up's own
 * log, when it has one, which writes nowhere). A socket is only ever added by the
 * server (see `apps/server`'s HTTP warm-up), never on anything a client sends, so no client can
 * claim to be one.
 */
const warmUpSockets = new WeakMap<
  Socket,
  { quota: RequestQuota; key: string; log: Logger | undefined }
>();
/** Warm-up connections marked so far: each is charged under a key of its own. */
let warmUpConnections = 0;

/** What a warm-up request is charged when its socket was given no quota: nothing, in no bucket. */
const warmUpQuota: RequestQuota = {
  charge: () => Promise.resolve({ allowed: true, decisions: [] }),
};

/**
 * Marks a socket accepted by the server's private warm-up listener from the server's own client.
 * Its requests are charged to `quota`, which must be the warm-up's own (buckets no client is
 * counted in), under a key of this connection's own (see `chargedKeyFor`): then the charging
 * code and the rate-limit headers run as for a client's request, so the first client does not
 * pay for compiling them. With `log` (a logger like the service's that writes nowhere), its
 * requests' access log lines are written there, so the first client's line is not the first one
 * formatted either.
 */
export function treatAsWarmUp(
  socket: Socket,
  quota: RequestQuota = warmUpQuota,
  log?: Logger,
): void {
  const key = warmUpSockets.get(socket)?.key ?? `warm-up-${++warmUpConnections}`;
  warmUpSockets.set(socket, { quota, key, log });
}

/**
 * Where `req`'s access log line goes: the service's `log` for a client's request, the warm-up's
 * own log for a warm-up request, or nowhere (undefined) when its socket was given none.
 */
export function accessLogFor(req: IncomingMessage, log: Logger): Logger | undefined {
  const warmUp = warmUpSockets.get(req.socket);
  return warmUp === undefined ? log : warmUp.log;
}

/** The quota `req` is charged to: its warm-up socket's own, otherwise the service's `quota`. */
export function quotaFor(req: IncomingMessage, quota: RequestQuota): RequestQuota {
  return warmUpSockets.get(req.socket)?.quota ?? quota;
}

/**
 * The key `req` is charged under: `clientKey` (computed for every request, so that code runs
 * too), or its warm-up connection's own key. All warm-up connections come from 127.0.0.1; under
 * one key the limiter created a bucket once and then only counted in it, so creating a client's
 * bucket (a record, its expiry timer) ran cold on the first client's first request.
 */
export function chargedKeyFor(req: IncomingMessage, clientKey: string): string {
  return warmUpSockets.get(req.socket)?.key ?? clientKey;
}
