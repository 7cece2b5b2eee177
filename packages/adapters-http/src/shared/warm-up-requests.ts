import type { RequestQuota } from '@reviews/application';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Sockets the server itself opened to warm its HTTP path before the public listener opens. Their
 * requests run through the real handler but charge no rate-limit bucket and write no access log
 * line. A socket is only ever added by the server (see `apps/server`'s HTTP warm-up), never on
 * anything a client sends, so no client can claim to be one.
 */
const warmUpSockets = new WeakSet<Socket>();

/** Marks a socket accepted by the server's private warm-up listener from the server's own client. */
export function treatAsWarmUp(socket: Socket): void {
  warmUpSockets.add(socket);
}

/** Whether `req` arrived on a warm-up socket. */
export function isWarmUpRequest(req: IncomingMessage): boolean {
  return warmUpSockets.has(req.socket);
}

/** What a warm-up request is charged: nothing, in no bucket. */
export const warmUpQuota: RequestQuota = {
  charge: () => Promise.resolve({ allowed: true, decisions: [] }),
};
