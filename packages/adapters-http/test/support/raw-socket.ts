import { once } from 'node:events';
import { connect, type Socket } from 'node:net';

export interface SocketAnswer {
  /** 0 when the server closed without answering. */
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly raw: string;
  /** True when the client gave up waiting; false when the server closed the connection. */
  readonly timedOut: boolean;
}

/** Opens a TCP connection to the server at `url` (http://host:port). */
export async function openSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  return socket;
}

/** Parses the first HTTP/1.1 response in `raw` (a `Content-Length` body). */
export function parseAnswer(raw: string, timedOut = false): SocketAnswer {
  const end = raw.indexOf('\r\n\r\n');
  if (!raw.startsWith('HTTP/1.1 ') || end < 0)
    return { status: 0, headers: {}, body: '', raw, timedOut };
  const [statusLine = '', ...lines] = raw.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  const body = raw.slice(end + 4, end + 4 + length);
  return { status: Number(statusLine.split(' ')[1]), headers, body, raw, timedOut };
}

/** Every HTTP/1.1 response in `raw`, in order (each with a `Content-Length` body). */
export function parseAnswers(raw: string): SocketAnswer[] {
  const answers: SocketAnswer[] = [];
  let rest = raw;
  while (rest.length > 0) {
    const answer = parseAnswer(rest);
    answers.push(answer);
    if (answer.status === 0) break;
    const bodyStart = rest.indexOf('\r\n\r\n') + 4;
    rest = rest.slice(bodyStart + Number(answer.headers['content-length'] ?? 0));
  }
  return answers;
}

/**
 * Sends `bytes` as they are over a fresh connection and reads until the server closes it (or
 * `timeoutMs` passes): what a client that does not speak HTTP properly sees.
 */
export async function exchange(
  url: string,
  bytes: string | Buffer,
  timeoutMs = 5_000,
): Promise<SocketAnswer> {
  const socket = await openSocket(url);
  return readAnswer(socket, bytes, timeoutMs);
}

export function readAnswer(
  socket: Socket,
  bytes: string | Buffer | undefined,
  timeoutMs: number,
): Promise<SocketAnswer> {
  return new Promise((resolve) => {
    // Already closed by the server: there is nothing more to read.
    if (socket.closed) return resolve(parseAnswer(''));
    let raw = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      socket.destroy();
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseAnswer(raw, timedOut));
    });
    if (bytes !== undefined) socket.write(bytes);
  });
}
