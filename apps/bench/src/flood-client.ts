import { request, type Agent } from 'node:http';

/** What one request of a flood bench got back. */
interface FloodAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/** One request the flood benches send. */
export interface FloodRequest {
  readonly path: string;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

/**
 * Sends `req` to `url`; with `agent` on its connections, without one on a new connection that
 * closes after the answer. `localAddress` binds the client socket (127.0.0.2 and so on are other
 * clients to the server, each with its own buckets).
 */
export async function send(
  url: string,
  req: FloodRequest,
  options: { agent?: Agent; localAddress?: string } = {},
): Promise<FloodAnswer> {
  try {
    return await sendOnce(url, req, options);
  } catch (error) {
    // A kept-alive connection the server closed as idle just as it was reused: every request
    // here only reads, so it is sent again, on a new connection.
    const code = (error as { code?: unknown }).code;
    if (options.agent === undefined || (code !== 'ECONNRESET' && code !== 'EPIPE')) throw error;
    return sendOnce(url, req, { ...options, agent: undefined });
  }
}

function sendOnce(
  url: string,
  req: FloodRequest,
  options: { agent?: Agent | undefined; localAddress?: string | undefined },
): Promise<FloodAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...req.headers };
    if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
    const outgoing = request(
      `${url}${req.path}`,
      {
        method: req.method ?? 'GET',
        headers,
        ...(options.agent === undefined ? { agent: false } : { agent: options.agent }),
        ...(options.localAddress === undefined ? {} : { localAddress: options.localAddress }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(req.body);
  });
}

/**
 * The remaining units, size and window of the bucket that paces a search, from the IETF headers:
 * `search`, or `pages` for a search page of a build that charged it nowhere else.
 */
export function searchBucket(
  answer: FloodAnswer,
): { remaining: number; size: number; windowSeconds: number } | undefined {
  const limits = String(answer.headers['ratelimit'] ?? '');
  const bucket = limits.includes('"search"') ? 'search' : 'pages';
  const state = new RegExp(`"${bucket}";r=(\\d+)`).exec(limits);
  const policy = new RegExp(`"${bucket}";q=(\\d+);w=(\\d+)`).exec(
    String(answer.headers['ratelimit-policy'] ?? ''),
  );
  if (state === null || policy === null) return undefined;
  return {
    remaining: Number(state[1]),
    size: Number(policy[1]),
    windowSeconds: Number(policy[2]),
  };
}

/** The `use-case;dur=` of `Server-Timing`, in ms: what the use case took in the server. */
export function useCaseMs(answer: FloodAnswer): number | undefined {
  const timing = /use-case;dur=([\d.]+)/.exec(String(answer.headers['server-timing'] ?? ''));
  return timing === null ? undefined : Number(timing[1]);
}

/** A JSON-RPC request to `/mcp`, as a stateless client sends it. */
export function mcpRequest(method: string, params: unknown): FloodRequest {
  return {
    path: '/mcp',
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  };
}

export const pause = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
