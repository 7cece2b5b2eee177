import http from 'node:http';

export interface RawResponse {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  /** Header names as sent: their case and order. */
  readonly headerNames: readonly string[];
  readonly body: Buffer;
  /** The client side's port of the connection it came over. */
  readonly localPort: number | undefined;
}

/** A request without fetch's automatic decompression, to see exactly what went over the wire. */
export function rawRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** The agent whose connections to use (e.g. one keep-alive connection for many requests). */
    agent?: http.Agent;
  } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        ...(options.agent === undefined ? {} : { agent: options.agent }),
      },
      (res) => {
        // Read now: a keep-alive socket is detached from the response by its end.
        const localPort = res.socket.localPort;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            headerNames: res.rawHeaders.filter((_, i) => i % 2 === 0),
            body: Buffer.concat(chunks),
            localPort,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
