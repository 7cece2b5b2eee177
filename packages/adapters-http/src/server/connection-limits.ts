import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { rateLimitKeyOf } from '../shared/client-address.js';
import { refusalBody, refusalHeaders } from './refusal-response.js';

export interface ConnectionCaps {
  /** Open connections the server serves at once, all clients together. */
  readonly maxConnections: number;
  /** Open connections one client (IPv4 address, IPv6 /64 of the socket) may hold; 0: no cap. */
  readonly maxConnectionsPerClient: number;
}

/** How long a connection over a cap may stay open to read its 503 before it is cut. */
const REFUSED_CONNECTION_LINGER_MS = 2_000;
const RETRY_AFTER_SECONDS = 5;

/**
 * Bounds open connections (issue: 21,000 slow connections exhausted file descriptors). Each
 * accepted socket counts against the total and against its client's address (the socket's, not
 * `X-Forwarded-For`: a proxy counts as one client). A connection over a cap is not served: its
 * request, if one arrives within two seconds, gets 503 with a JSON body and `Retry-After`, and the
 * connection is closed. Beyond half as many again, Node drops new connections outright
 * (`server.maxConnections`), so refused ones cannot exhaust descriptors either.
 *
 * Returns the gate requests pass through: true when the request was answered here.
 */
export function capConnections(
  server: Server,
  caps: ConnectionCaps,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const perClient = new Map<string, number>();
  const refused = new WeakSet<Socket>();
  let open = 0;
  server.maxConnections = caps.maxConnections + Math.max(64, Math.ceil(caps.maxConnections / 2));

  server.on('connection', (socket: Socket) => {
    const client = rateLimitKeyOf(socket.remoteAddress ?? 'unknown');
    const held = perClient.get(client) ?? 0;
    const overClient = caps.maxConnectionsPerClient > 0 && held >= caps.maxConnectionsPerClient;
    if (open >= caps.maxConnections || overClient) {
      refused.add(socket);
      setTimeout(() => socket.destroy(), REFUSED_CONNECTION_LINGER_MS).unref();
      return;
    }
    open++;
    perClient.set(client, held + 1);
    socket.once('close', () => {
      open--;
      const left = (perClient.get(client) ?? 1) - 1;
      if (left === 0) perClient.delete(client);
      else perClient.set(client, left);
    });
  });

  return (req, res) => {
    if (!refused.has(req.socket)) return false;
    const body = refusalBody(
      req.url,
      `Too many connections are open (from your address or in all). Retry in ${RETRY_AFTER_SECONDS} seconds, reusing one connection.`,
    );
    res.writeHead(503, refusalHeaders(body, { 'Retry-After': String(RETRY_AFTER_SECONDS) }));
    res.end(body);
    return true;
  };
}
