import { request } from 'node:http';

/** One response exactly as our server sent it: status, headers (minus hop-by-hop), raw body. */
export interface RecordedResponse {
  readonly method: string;
  /** Path and query, as requested. */
  readonly url: string;
  readonly status: number;
  readonly headers: Record<string, string>;
  /** The body bytes on the wire (compressed when the server compressed them), base64. */
  readonly body: string;
  /** Whether the server sent the body chunked (no Content-Length); the references then do too. */
  readonly chunked: boolean;
}

/** Set by each server for its own connection and clock, never copied. */
const NOT_COPIED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Requests `url` with `headers` and keeps the raw bytes (no decompression, unlike fetch). */
export function recordResponse(
  base: string,
  target: { method: string; url: string; headers: Record<string, string>; body?: string },
): Promise<RecordedResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(target.url, base),
      { method: target.method, headers: target.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i]!;
            if (!NOT_COPIED.has(name.toLowerCase())) headers[name] = res.rawHeaders[i + 1]!;
          }
          resolve({
            method: target.method,
            url: target.url,
            status: res.statusCode ?? 0,
            headers,
            body: Buffer.concat(chunks).toString('base64'),
            chunked: res.headers['transfer-encoding'] === 'chunked',
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(target.body);
  });
}
