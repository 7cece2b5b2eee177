import { request, Agent } from 'node:http';

/** One answer as the client reads it: status, headers in their order, body bytes. */
interface Answer {
  readonly status: number;
  readonly headers: readonly string[];
  readonly body: Buffer;
}

/**
 * Headers whose values differ between any two answers, whoever sends them: the clock (`Date`,
 * the seconds to a rate-limit window's end in `RateLimit`, as each server's window began when it
 * did) and the use case's measured time (`Server-Timing`, compared by name and metric only).
 */
function comparable(rawHeaders: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    const value = rawHeaders[i + 1]!;
    if (name.toLowerCase() === 'date') out.push(name, '(clock)');
    else if (name.toLowerCase() === 'server-timing') out.push(name, value.replace(/=[\d.]+$/, '='));
    else if (name.toLowerCase() === 'ratelimit')
      out.push(name, value.replace(/;t=\d+/g, ';t=(clock)'));
    else out.push(name, value);
  }
  return out;
}

function fetchAnswer(
  agent: Agent,
  base: string,
  path: string,
  method: string,
  headers: Readonly<Record<string, string>>,
): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(new URL(path, base), { agent, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        done({
          status: res.statusCode ?? 0,
          headers: comparable(res.rawHeaders),
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

/** Where two answers differ, or undefined when they are the same bytes and headers. */
function difference(ours: Answer, theirs: Answer): string | undefined {
  if (ours.status !== theirs.status) return `status ${ours.status} against ${theirs.status}`;
  const a = ours.headers.join('\n');
  const b = theirs.headers.join('\n');
  if (a !== b)
    return `headers\n  ours:   ${a.replaceAll('\n', ' | ')}\n  theirs: ${b.replaceAll('\n', ' | ')}`;
  if (!ours.body.equals(theirs.body))
    return `bodies (${ours.body.length} against ${theirs.body.length} bytes)`;
  return undefined;
}

/**
 * Asks two servers over the same catalog the same requests, one at a time, and throws at the
 * first answer that differs in status, headers (their order included) or body bytes. For each
 * path, with and without `Accept-Encoding: gzip`: the first answer (computed), the same again
 * (cached), a HEAD (every other path asked by HEAD first), and a conditional request with the ETag it was given (304). A few malformed
 * queries check the refusals too. Both servers get the same `X-Request-Id`, so that header is
 * compared as well. Returns the number of answers compared.
 */
export async function differentialCheck(
  ours: string,
  theirs: string,
  paths: readonly string[],
): Promise<number> {
  const agents = [new Agent({ keepAlive: true }), new Agent({ keepAlive: true })] as const;
  const malformed = [
    '/api/v1/tools?q=a&q=b',
    '/api/v1/tools?limit=0',
    '/api/v1/tools?cursor=zz',
    '/api/v1/tools?highlight=yes',
    '/api/v1/tools?category=',
    '/api/v1/tools/?q=postgres',
    '/API/v1/tools?q=redis',
    '/api/v1/tools?q=%E0%A4%A',
  ];
  let compared = 0;
  try {
    const both = async (
      path: string,
      method: string,
      headers: Record<string, string>,
    ): Promise<Answer> => {
      const [a, b] = await Promise.all([
        fetchAnswer(agents[0], ours, path, method, headers),
        fetchAnswer(agents[1], theirs, path, method, headers),
      ]);
      const differs = difference(a, b);
      compared += 2;
      if (differs !== undefined)
        throw new Error(
          `${method} ${path} ${JSON.stringify(headers)}: answers differ in ${differs}`,
        );
      return a;
    };
    for (const [i, path] of [...paths, ...malformed].entries()) {
      for (const encoding of [undefined, 'gzip']) {
        const headers: Record<string, string> = { 'x-request-id': `differential-${i}` };
        if (encoding !== undefined) headers['accept-encoding'] = encoding;
        // Every other path is asked by HEAD first, so that both methods are compared computed.
        if (i % 2 === 1) await both(path, 'HEAD', headers);
        const first = await both(path, 'GET', headers);
        await both(path, 'GET', headers);
        await both(path, 'HEAD', headers);
        const etagAt = first.headers.findIndex((name) => name.toLowerCase() === 'etag');
        if (etagAt !== -1)
          await both(path, 'GET', { ...headers, 'if-none-match': first.headers[etagAt + 1]! });
      }
    }
  } finally {
    for (const agent of agents) agent.destroy();
  }
  return compared;
}
