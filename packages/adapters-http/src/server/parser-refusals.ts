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
 * slow requests (408), unsupported `Expect` (417) — in the JSON shape of the route asked for,
 * with `Connection: close`, instead of Node's empty bodies (contract §5).
 */
export function answerParserRefusals(server: Server): void {
  server.on('clientError', (error: ParserError, socket: Duplex) => {
    const inProgress = (socket as { _httpMessage?: ServerResponse })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inProgress?.headersSent === true) {
      socket.destroy();
      return;
    }
    const { status, message } = refusalOf(error.code);
    socket.end(rawRefusal(status, requestLinePath(error.rawPacket), message));
  });

  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    const message = `Expect: ${req.headers.expect ?? ''} is not supported; only Expect: 100-continue is.`;
    const body = refusalBody(req.url, message);
    res.writeHead(417, refusalHeaders(body));
    res.end(body);
  });
}
