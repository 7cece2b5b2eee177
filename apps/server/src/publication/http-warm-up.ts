import { treatAsWarmUp } from '@reviews/adapters-http';
import { MemoryRateLimiter } from '@reviews/adapters-persistence';
import {
  BUCKETS,
  RateLimitedQuota,
  type LivePublication,
  type Logger,
  type RateLimiter,
  type RequestQuota,
} from '@reviews/application';
import { tokenize, type Tool } from '@reviews/domain';
import { once } from 'node:events';
import {
  Agent,
  createServer,
  request,
  type ClientRequestArgs,
  type RequestListener,
  type Server,
} from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { observeRequests } from '../metrics/metrics-http.js';
import type { ServiceMetrics } from '../metrics/service-metrics.js';

/** Tools whose words make the warm-up requests, spread over the catalog. */
const SAMPLED_TOOLS = 12;
/** Warm-up stops after this long even when requests are left, so a huge catalog is not held up. */
const BUDGET_MS = 1_500;
/** The encodings real clients ask for: brotli, gzip and none, so each compression path runs. */
const ENCODINGS = ['br, gzip, deflate', 'gzip', undefined] as const;
/**
 * Probes clients and orchestrators send before their first request (the health router, the
 * readiness checks): asked once on each connection, so the first client's `/readyz` does not
 * throw away routing code compiled for the API's routes alone.
 */
const PROBES = ['/readyz', '/healthz'] as const;
/**
 * Headers most clients send that the API's answers do not depend on, named as browsers and curl
 * write them and in lower case as `fetch` does: Node's header parser compiled for the warm-up's
 * few headers was thrown away on the first client's `User-Agent`.
 */
const CLIENT_HEADERS = [
  {},
  { 'User-Agent': 'reviews-warm-up', 'Accept-Language': 'en' },
  {
    connection: 'keep-alive',
    'user-agent': 'reviews-warm-up',
    'accept-language': 'en',
    'sec-fetch-mode': 'cors',
  },
] as const;

/**
 * The warm-up's private listener: `create`'s server, its requests observed by `metrics` when
 * given (a scratch instance nobody scrapes), so that observing a request is compiled before the
 * first client's too. The service's metrics never see the warm-up.
 */
export function observedListener(
  create: (handler: RequestListener) => Server,
  metrics: ServiceMetrics | undefined,
): (handler: RequestListener) => Server {
  return (handler) => {
    const server = create(handler);
    if (metrics !== undefined) observeRequests(server, metrics);
    return server;
  };
}

/**
 * The warm-up's own quota: the service's charging code (`RateLimitedQuota` over the in-process
 * limiter, every bucket of docs/api.md#limits) on buckets of its own that no client is counted in,
 * too large to ever refuse. Charging it compiles the quota, the limiter and the `RateLimit`
 * headers, which cost the first client's search about 0.7 ms otherwise (`pnpm bench first`), while
 * every client's bucket stays untouched. `decorate` wraps the limiter as the service wraps its own
 * (refusals counted in the metrics): with a limiter of another class under the quota, the quota's
 * code compiled during the warm-up was thrown away ("wrong map") on the first client's charge. With
 * Redis the service's innermost limiter is another class, but the quota, the decorator, the
 * decisions and the headers are the same code.
 */
export function ownQuota(
  decorate: (limiter: RateLimiter) => RateLimiter = (limiter) => limiter,
): RequestQuota {
  // The largest small integer of V8 (2^30 - 1), not Number.MAX_SAFE_INTEGER: a bucket size that
  // is a heap number gives the sizes and decisions other shapes than a client's, and the quota's
  // code compiled on them was thrown away ("wrong map") on the first client's charge.
  const neverEmpty = { points: 2 ** 30 - 1, windowSeconds: 60 };
  const buckets = Object.fromEntries(Object.values(BUCKETS).map((bucket) => [bucket, neverEmpty]));
  return new RateLimitedQuota(decorate(new MemoryRateLimiter(buckets)));
}

/** What {@link warmUpHttpPath} did, for the log. */
interface HttpWarmUp {
  readonly requests: number;
  readonly ms: number;
}

/**
 * Sends real read requests (search, prefixes, page 2, category, browse, detail, a 304, HEAD, in
 * each encoding, each twice so the read cache's hit path runs too, and a `/readyz` or `/healthz`
 * on each connection, with and without the headers clients add) through `handler` — the very
 * handler the public listener will use — over a private listener on 127.0.0.1:0 (made by
 * `listener`, the same kind of server as the public one) that is closed before this returns.
 * Called before the public port listens, so the first client request finds Express's routing,
 * zod, the rate-limit charge, the presenter, serialisation, compression and the ETag compiled.
 *
 * Its requests are recognised by their socket, never by anything a client can send: only a
 * connection whose remote port is one this function opened itself is served (and marked with
 * `treatAsWarmUp`, so it is charged to `quota`, never to a client's bucket, and writes its access
 * log lines to `log`, never to the service's); any other connection to the private port is
 * destroyed. The public server's metrics never see them (they observe the public server only;
 * `listener` may attach metrics of its own). Answers are unchanged: the read cache may keep what they
 * computed, which is byte for byte what a client's request would have computed.
 */
export async function warmUpHttpPath(
  live: LivePublication,
  handler: RequestListener,
  listener: (handler: RequestListener) => Server = (h) => createServer(h),
  quota: RequestQuota = ownQuota(),
  log?: Logger,
): Promise<HttpWarmUp> {
  const started = performance.now();
  const publication = live.current();
  if (publication === undefined || publication.tools.length === 0) return { requests: 0, ms: 0 };

  const ownPorts = new Set<number>();
  const server = listener((req, res) => {
    const socket = req.socket;
    if (socket.remotePort === undefined || !ownPorts.has(socket.remotePort)) {
      socket.destroy();
      return;
    }
    treatAsWarmUp(socket, quota, log);
    handler(req, res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  let agent = new OwnConnectionsAgent(port, ownPorts);
  let requests = 0;
  let paths = 0;
  try {
    for (const path of warmUpPaths(publication.tools)) {
      if (performance.now() - started >= BUDGET_MS) break;
      // A new connection for each path, kept alive for that path's requests: code that met only
      // one or two sockets is compiled for them and thrown away ("wrong map") when the first
      // client's socket arrives; met on dozens, it stays compiled for the ones clients bring.
      agent.destroy();
      agent = new OwnConnectionsAgent(port, ownPorts);
      const headers = (encoding?: string, etag?: string) =>
        requestHeaders(CLIENT_HEADERS[paths % CLIENT_HEADERS.length]!, encoding, etag);
      for (const encoding of ENCODINGS) {
        const first = await send(agent, port, 'GET', path, headers(encoding));
        const again = await send(agent, port, 'GET', path, headers(encoding));
        requests += 2;
        const etag = again.etag ?? first.etag;
        if (etag !== undefined) {
          await send(agent, port, 'GET', path, headers(encoding, etag));
          requests++;
        }
      }
      await send(agent, port, 'HEAD', path, headers());
      await send(agent, port, 'GET', PROBES[paths % PROBES.length]!, headers(ENCODINGS[0]));
      requests += 2;
      paths++;
    }
  } finally {
    agent.destroy();
    server.close();
    server.closeAllConnections();
    await once(server, 'close');
  }
  return { requests, ms: performance.now() - started };
}

/**
 * One kept-alive connection to the private listener, opened here so that its local port is in
 * `ownPorts` before it carries any request.
 */
class OwnConnectionsAgent extends Agent {
  constructor(
    private readonly port: number,
    private readonly ownPorts: Set<number>,
  ) {
    super({ keepAlive: true, maxSockets: 1 });
  }

  override createConnection(
    _options: ClientRequestArgs,
    done?: (error: Error | null, socket: Duplex) => void,
  ): undefined {
    const socket = connect(this.port, '127.0.0.1');
    socket.once('connect', () => {
      if (socket.localPort !== undefined) this.ownPorts.add(socket.localPort);
      done?.(null, socket);
    });
    socket.once('error', (error) => done?.(error, socket));
    return undefined;
  }
}

/** Paths of the read API built from tools spread over the catalog. */
function* warmUpPaths(tools: readonly Tool[]): Generator<string> {
  const stride = Math.max(1, Math.floor(tools.length / SAMPLED_TOOLS));
  for (let i = 0; i < tools.length; i += stride) {
    const tool = tools[i] as Tool;
    const review = tool.reviews[0];
    const words = tokenize(`${tool.name} ${review?.likes ?? tool.description}`)
      .filter((word) => word.length >= 3)
      .slice(0, 3);
    for (const q of [words.join(' '), words[0]?.slice(0, 3), words[1]]) {
      if (q === undefined || q === '') continue;
      // Spaces as `%20` (encodeURIComponent, curl) on every other tool and as `+` (forms,
      // URLSearchParams) on the others: the query-string parser met only `%20` before, and its
      // compiled code was thrown away on the first client query with a `+`.
      const query =
        (i / stride) % 2 === 0
          ? encodeURIComponent(q)
          : new URLSearchParams({ q }).toString().slice('q='.length);
      yield `/api/v1/tools?q=${query}`;
      yield `/api/v1/tools?q=${query}&cursor=20`;
    }
    if (tool.category !== null) {
      const category = encodeURIComponent(tool.category);
      if (words[0] !== undefined)
        yield `/api/v1/tools?q=${encodeURIComponent(words[0])}&category=${category}`;
      yield `/api/v1/tools?category=${category}`;
    }
    yield `/api/v1/tools?cursor=${i % 100}`;
    yield `/api/v1/tools/${encodeURIComponent(tool.id)}`;
  }
}

/** The headers of one warm-up request: `client`'s (one of {@link CLIENT_HEADERS}) and the API's. */
function requestHeaders(
  client: Readonly<Record<string, string>>,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...client };
  if (acceptEncoding !== undefined) headers['Accept-Encoding'] = acceptEncoding;
  if (ifNoneMatch !== undefined) headers['If-None-Match'] = ifNoneMatch;
  return headers;
}

/** One request over the agent's kept-alive connection; resolves with its ETag once read. */
function send(
  agent: Agent,
  port: number,
  method: 'GET' | 'HEAD',
  path: string,
  headers: Record<string, string>,
): Promise<{ etag: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      res.resume();
      res.once('end', () => {
        const etag = res.headers.etag;
        resolve({ etag: typeof etag === 'string' ? etag : undefined });
      });
      res.once('error', reject);
    });
    req.once('error', reject);
    // A request that does not answer in the whole budget fails the warm-up instead of holding
    // the service back from listening.
    req.setTimeout(BUDGET_MS, () =>
      req.destroy(new Error(`HTTP warm-up: ${method} ${path} did not answer in ${BUDGET_MS} ms`)),
    );
    req.end();
  });
}
