import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { TrustProxy } from '../app/create-http-app.js';
import { namedProxies } from '../shared/client-address.js';
import { rateLimitKeyOf } from '../shared/client-address.js';
import { rawRefusal } from './refusal-response.js';

export interface ConnectionCaps {
  /** Open connections the server serves at once, all clients together. */
  readonly maxConnections: number;
  /** Open connections one client (IPv4 address, IPv6 /64 of the socket) may hold; 0: no cap. */
  readonly maxConnectionsPerClient: number;
  /**
   * The proxies that speak for clients (`TRUST_PROXY`). Every connection through a proxy is the
   * proxy's, so the proxies a list names (addresses, CIDRs) have no per-client cap; a hop count
   * names no address (it trusts whoever connects), so under it every address is capped.
   */
  readonly trustProxy: TrustProxy;
}

/**
 * How long a refused connection may stay open after its 503 was written: long enough to read
 * (and drop) a request the client sends at once, so that the close does not reset the connection
 * before the client has read the answer; short enough that refused connections cost nothing.
 */
const REFUSED_CONNECTION_LINGER_MS = 1_000;
const RETRY_AFTER_SECONDS = 5;

/** What the server knows of a connection it serves. */
interface Held {
  /** The key it is counted under per client; undefined for a named proxy (not capped per client). */
  readonly client: string | undefined;
  /** Requests whose head has arrived and whose response has not ended. */
  requests: number;
  /** Whether a response has ended on it: then, with no new byte since, it is an idle keep-alive. */
  served: boolean;
  /** `socket.bytesRead` when its last response ended. */
  bytesWhenIdle: number;
}

/**
 * Bounds open connections (docs/api.md#limits): unbounded, 21,000 slow connections once exhausted
 * the file descriptors, and refused connections that lingered still crowded out others. Each served connection
 * counts against the total and against its client's address (the socket's, not
 * `X-Forwarded-For`: a proxy counts as one client, and a proxy `TRUST_PROXY` names is not capped
 * per client at all).
 *
 * - Over its client's cap, a connection is refused at once: a whole 503 response (JSON body,
 *   `Retry-After`) is written as soon as it is accepted and the connection is ended. It never
 *   holds a slot: it is not counted, never reaches the HTTP parser, and is destroyed when the
 *   client closes or after a second at most.
 * - At the total cap, a new connection takes the slot of the connection that has waited longest
 *   for a request head it has not completed (a slow client, whether it sent part of a head or
 *   nothing yet), else of the longest idle keep-alive connection. A connection with a request in
 *   progress is never evicted. Only when every slot has a request in progress is the new
 *   connection refused (503 at once, as above).
 *
 * Beyond half as many again as the total cap in open sockets (a refused one counts until it
 * closes, a second at most), Node drops new connections outright (`server.maxConnections`), so
 * that no flood of connections can exhaust file descriptors.
 */
export function capConnections(server: Server, caps: ConnectionCaps): void {
  const isNamedProxy =
    typeof caps.trustProxy === 'object' ? namedProxies(caps.trustProxy) : () => false;
  const held = new Map<Socket, Held>();
  const perClient = new Map<string, number>();
  // Connections waiting for a request head, the longest waiting first (a Set keeps the order of
  // insertion): since they were accepted, or since their last response ended.
  const waiting = new Set<Socket>();
  server.maxConnections = caps.maxConnections + Math.max(64, Math.ceil(caps.maxConnections / 2));

  const release = (socket: Socket): void => {
    const connection = held.get(socket);
    if (connection === undefined) return;
    held.delete(socket);
    waiting.delete(socket);
    if (connection.client === undefined) return;
    const left = (perClient.get(connection.client) ?? 1) - 1;
    if (left === 0) perClient.delete(connection.client);
    else perClient.set(connection.client, left);
  };

  /** Frees the slot of the connection that has waited longest, slow heads before idle ones. */
  const evictOne = (): boolean => {
    let idle: Socket | undefined;
    for (const socket of waiting) {
      const connection = held.get(socket)!;
      if (!connection.served || socket.bytesRead > connection.bytesWhenIdle) {
        evict(socket);
        return true;
      }
      idle ??= socket;
    }
    if (idle === undefined) return false;
    evict(idle);
    return true;
  };

  // An evicted connection gets no answer: a slow client has no request yet to answer (the part of
  // a head it sent is dropped), an idle keep-alive connection has none pending. It is closed, as
  // Node closes an idle keep-alive connection at its timeout; the client may connect again.
  const evict = (socket: Socket): void => {
    release(socket);
    socket.destroy();
  };

  const admit = (socket: Socket): boolean => {
    const address = socket.remoteAddress;
    const client =
      address !== undefined && isNamedProxy(address)
        ? undefined
        : rateLimitKeyOf(address ?? 'unknown');
    const heldByClient = client === undefined ? 0 : (perClient.get(client) ?? 0);
    if (caps.maxConnectionsPerClient > 0 && heldByClient >= caps.maxConnectionsPerClient)
      return false;
    if (held.size >= caps.maxConnections && !evictOne()) return false;
    held.set(socket, { client, requests: 0, served: false, bytesWhenIdle: 0 });
    waiting.add(socket);
    if (client !== undefined) perClient.set(client, heldByClient + 1);
    socket.once('close', () => release(socket));
    return true;
  };

  // Node's HTTP server takes a connection in the 'connection' listener its constructor added (it
  // attaches the HTTP parser). Taken over here, so that a refused connection never reaches it.
  const serveHttp = server.listeners('connection') as Array<(socket: Socket) => void>;
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    if (!admit(socket)) return refuse(socket);
    for (const listener of serveHttp) listener.call(server, socket);
  });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const connection = held.get(socket);
    if (connection === undefined) return;
    connection.requests++;
    waiting.delete(socket);
    res.once('close', () => {
      connection.requests--;
      if (connection.requests > 0 || held.get(socket) !== connection || socket.destroyed) return;
      connection.served = true;
      connection.bytesWhenIdle = socket.bytesRead;
      waiting.add(socket);
    });
  });
}

/** A 503 written as soon as the connection is accepted; the connection is ended at once. */
function refuse(socket: Socket): void {
  // The HTTP server's handlers are not attached to it: an error must not go unhandled.
  socket.on('error', () => socket.destroy());
  const linger = setTimeout(() => socket.destroy(), REFUSED_CONNECTION_LINGER_MS);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
  // A request the client sends is read and dropped: closing on unread bytes would reset the
  // connection, and a reset can discard the 503 before the client reads it.
  socket.resume();
  socket.end(
    rawRefusal(
      503,
      undefined,
      `Too many connections are open (from your address or in all). Retry in ${RETRY_AFTER_SECONDS} seconds, reusing one connection.`,
      { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    ),
  );
}
