import type { RequestQuota } from '@reviews/application';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Sockets the server itself opened to warm its HTTP path before the public listener opens, each
 * with the quota its requests are charged to. Their requests run through the real handler but
 * charge no client's bucket and write no access log line. A socket is only ever added by the
 * server (see `apps/server`'s HTTP warm-up), never on anything a client sends, so no client can
 * claim to be one.
 */
const warmUpSockets = new WeakMap<Socket, RequestQuota>();

/** What a warm-up request is charged when its socket was given no quota: nothing, in no bucket. */
export const warmUpQuota: RequestQuota = {
  charge: () => Promise.resolve({ allowed: true, decisions: [] }),
};

/**
 * Marks a socket accepted by the server's private warm-up listener from the server's own client.
 * Its requests are charged to `quota`, which must be the warm-up's own (buckets no client is
 * counted in): then the charging code and the rate-limit headers run as for a client's request,
 * so the first client does not pay for compiling them.
 */
export function treatAsWarmUp(socket: Socket, quota: RequestQuota = warmUpQuota): void {
  warmUpSockets.set(socket, quota);
}

/** Whether `req` arrived on a warm-up socket. */
export function isWarmUpRequest(req: IncomingMessage): boolean {
  return warmUpSockets.has(req.socket);
}

/** The quota `req` is charged to: its warm-up socket's own, otherwise the service's `quota`. */
export function quotaFor(req: IncomingMessage, quota: RequestQuota): RequestQuota {
  return warmUpSockets.get(req.socket) ?? quota;
}
