import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { rawRefusal, refusalBody, refusalHeaders, requestLinePath } from './refusal-response.js';

interface ParserError extends Error {
  readonly code?: string;
  readonly rawPacket?: Buffer;
}

/** What Node's HTTP parser refused, as a status and a message a person can act on. */
function refusalOf(code: string | undefined): { status: number; message: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        message: 'The request line and headers are too large: send at most 16 KiB of them.',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        message: 'The request took too long to arrive. Send it again, in one go.',
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, message: 'The chunk extensions of the request body are too large.' };
    default:
      return {
        status: 400,
        message:
          'The request is not valid HTTP/1.1 (request line, headers or body framing). See /api/v1/openapi.json for the API.',
      };
  }
}

/**
 * Answers what Node's HTTP parser refuses — malformed requests (400), oversized headers (431),
 * slow requests (408), unsupported `Expect` (417), CONNECT (405) — in the JSON shape of the route asked for,
 * with `Connection: close`, instead of Node's empty bodies (contract §5).
 */
export function answerParserRefusals(server: Server): void {
  // Sockets whose last request was answered before its body had all arrived: when that body
  // then breaks off, the request already has its answer and a second one would be noise.
  const answeredEarly = new WeakSet<Duplex>();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    res.once('finish', () => {
      if (!req.complete) answeredEarly.add(req.socket);
    });
  });

  server.on('clientError', (error: ParserError, socket: Duplex) => {
    const inProgress = (socket as { _httpMessage?: ServerResponse | null })._httpMessage;
    if (
      error.code === 'ECONNRESET' ||
      !socket.writable ||
      inProgress?.headersSent === true ||
      (inProgress == null && answeredEarly.has(socket))
    ) {
      socket.destroy();
      return;
    }
    const { status, message } = refusalOf(error.code);
    // The route asked for: the request being read, else the request line the parser choked on.
    const path = inProgress?.req?.url ?? requestLinePath(error.rawPacket);
    socket.end(rawRefusal(status, path, message));
  });

  // CONNECT (a proxy's method): Node would close the connection without a word.
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    socket.end(
      rawRefusal(405, req.url, 'CONNECT is not supported: this service is not a proxy.', {
        Allow: 'GET, HEAD, POST, OPTIONS',
      }),
    );
  });

  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    const message = `Expect: ${req.headers.expect ?? ''} is not supported; only Expect: 100-continue is.`;
    sendRefusal(res, 417, refusalBody(req.url, message));
  });
}

/** RFC 9112 §3.2: an HTTP/1.1 request without `Host` is 400 (Node's check answers it empty). */
export function refusedWithoutHost(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.httpVersion !== '1.1' || req.headers.host !== undefined) return false;
  sendRefusal(res, 400, refusalBody(req.url, 'An HTTP/1.1 request needs a Host header.'));
  return true;
}

/** Set one by one (not through `writeHead`), so the headers stay visible to `getHeaders()`. */
function sendRefusal(res: ServerResponse, status: number, body: string): void {
  for (const [name, value] of Object.entries(refusalHeaders(body))) res.setHeader(name, value);
  res.writeHead(status);
  res.end(body);
}
