import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { rawRefusal, refusalBody, refusalHeaders, requestLinePath } from './refusal-response.js';

interface ParserError extends Error {
  readonly code?: string;
  readonly rawPacket?: Buffer;
  /** Where in `rawPacket` the parser stopped. */
  readonly bytesParsed?: number;
}

/** The requests of one connection, as far as a parser refusal needs them. */
interface Exchanges {
  /** The last request whose head was read, and its response. */
  last: { req: IncomingMessage; res: ServerResponse } | undefined;
  /** Responses not yet written, in request order (pipelined requests queue up). */
  readonly unfinished: ServerResponse[];
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
 * with `Connection: close`, instead of Node's empty bodies (docs/api.md#limits).
 */
export function answerParserRefusals(server: Server): void {
  const exchanges = new WeakMap<Duplex, Exchanges>();
  const track = (req: IncomingMessage, res: ServerResponse): void => {
    let of = exchanges.get(req.socket);
    if (of === undefined) exchanges.set(req.socket, (of = { last: undefined, unfinished: [] }));
    of.last = { req, res };
    of.unfinished.push(res);
    const written = (): void => {
      const at = of.unfinished.indexOf(res);
      if (at >= 0) of.unfinished.splice(at, 1);
    };
    res.once('finish', written);
    res.once('close', written);
  };
  server.on('request', track);
  server.on('checkExpectation', track);
  // Connections already refused: the parser repeats its error for every byte that follows.
  const refused = new WeakSet<Duplex>();

  server.on('clientError', (error: ParserError, socket: Duplex) => {
    if (refused.has(socket)) return;
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const of = exchanges.get(socket);
    // While the last request is incomplete the error is in its body; otherwise it is in the
    // bytes of a new request after it.
    const broken = of?.last !== undefined && !of.last.req.complete ? of.last : undefined;
    // That request has its answer already (or part of it): a second one would be noise.
    if (broken?.res.headersSent === true) {
      socket.destroy();
      return;
    }
    refused.add(socket);
    const { status, message } = refusalOf(error.code);
    const path = broken?.req.url ?? requestLinePath(error.rawPacket, error.bytesParsed);
    const refusal = rawRefusal(status, path, message);
    const before = of?.unfinished.filter((res) => res !== broken?.res).at(-1);
    if (before === undefined) {
      socket.end(refusal);
      return;
    }
    // Pipelined requests before the refused one are answered first, in order: the refusal
    // follows the last of those answers, before Node decides whether to keep the connection.
    before.prependListener('finish', () => {
      if (keepsConnection(before) && socket.writable) socket.end(refusal);
    });
  });

  // CONNECT (a proxy's method): Node would close the connection without a word.
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    socket.end(
      rawRefusal(
        405,
        req.url,
        'CONNECT is not supported: this service is not a proxy.',
        { Allow: 'GET, HEAD, POST, OPTIONS' },
        req,
      ),
    );
  });

  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    const message = `Expect: ${req.headers.expect ?? ''} is not supported; only Expect: 100-continue is.`;
    sendRefusal(req, res, 417, refusalBody(req.url, message));
  });
}

/** Whether `res` left its connection open for a next answer (no `Connection: close`). */
function keepsConnection(res: ServerResponse): boolean {
  return res.shouldKeepAlive && !/\bclose\b/i.test(String(res.getHeader('connection') ?? ''));
}

/** RFC 9112 §3.2: an HTTP/1.1 request without `Host` is 400 (Node's check answers it empty). */
export function refusedWithoutHost(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.httpVersion !== '1.1' || req.headers.host !== undefined) return false;
  sendRefusal(req, res, 400, refusalBody(req.url, 'An HTTP/1.1 request needs a Host header.'));
  return true;
}

/** Set one by one (not through `writeHead`), so the headers stay visible to `getHeaders()`. */
function sendRefusal(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: string,
): void {
  for (const [name, value] of Object.entries(refusalHeaders(body, req))) res.setHeader(name, value);
  res.writeHead(status);
  res.end(body);
}
