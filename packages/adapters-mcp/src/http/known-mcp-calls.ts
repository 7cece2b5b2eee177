import type { BucketName, Logger, RequestQuota } from '@reviews/application';
import {
  failingSafely,
  jsonNestsDeeperThan,
  rateLimitHeaders,
  requestFailed,
  tooManyRequests,
  type RequestFailure,
} from '@reviews/http-common';
import { IncomingMessage, type ServerResponse } from 'node:http';
import { isUtf8 } from 'node:buffer';
import { JSON_RPC_SERVER_ERROR, internalError, jsonRpcError } from './json-rpc-error.js';
import { cutAtId, isIdAt } from './call-text.js';
import { KnownCalls, type KnownAnswer, type KnownCallRequest } from './known-calls.js';
import { MCP_MAX_BODY_BYTES } from './mcp.routes.js';
import { bucketsFor } from './mcp-quota.js';
import { hostAccepted, mcpOriginPolicy } from './origin-guard.js';
import { MCP_PATH } from './server-card.js';

export interface KnownMcpCallsDeps {
  /** The same instance `mcpRoutes` records into. */
  readonly knownCalls: KnownCalls;
  readonly quota: RequestQuota;
  /** The client's rate-limit key, by the same rule as `mcpRoutes`'s `clientKeyOf`. */
  readonly clientKeyOf: (req: IncomingMessage) => string;
  /**
   * Request id, access log and metrics label, as the Express app's first middlewares, without
   * setting any header: returns the request id.
   */
  readonly frame: (req: IncomingMessage, res: ServerResponse, route: string) => string;
  /** The headers those middlewares set (request id, `nosniff`), as a flat `writeHead` list. */
  readonly frameHeaders: (requestId: string) => string[];
  readonly baseUrl: string;
  readonly loopbackOnly?: boolean;
  readonly logger: Pick<Logger, 'error'>;
}

/** What `knownMcpCalls` hands a request it does not answer to (the Express app). */
export type RequestHandoff = (req: IncomingMessage, res: ServerResponse) => void;

/** Calls remembered by their text at most (see `seenCalls`). */
const SEEN_CALLS_MAX = 1024;

/** body-parser's strict JSON test: the first character that is not JSON whitespace. */
const FIRST_JSON_CHARACTER = /^[ \t\n\r]*([^ \t\n\r])/;

/**
 * `POST /mcp` calls of the read-only tools answered before Express and the SDK when their answer
 * is known (`KnownCalls`, recorded from the SDK path), for both protocol generations (the headers
 * that matter are part of the key). It takes only the plain case — no `Origin` (not a page), an
 * acceptable `Host`, `Content-Type: application/json`, a `Content-Length` within the limit, no
 * body coding — and returns false at once, touching nothing, for anything else. A request it
 * takes has its body read here; when the answer is not known the body is handed on to Express
 * already parsed (as `express.json` would have left it), or, when it is not JSON `express.json`
 * accepts, replayed unread so Express answers exactly as before. A known call gets what the
 * Express path gives it: request id, `nosniff`, access log, `Vary: Origin`, the same rate-limit
 * charge (`bucketsFor`) with its headers or 429, then the SDK's bytes with the caller's id.
 */
export function knownMcpCalls(
  deps: KnownMcpCallsDeps,
): (req: IncomingMessage, res: ServerResponse, handoff: RequestHandoff) => boolean {
  const policy = mcpOriginPolicy(deps.baseUrl, [], deps.loopbackOnly ?? false);
  // Known calls by their text with the id cut out (and the headers that matter): a call sent
  // again, with any id, is recognised without parsing its body or building its key (about 5 µs
  // of a call's 75). Its text but for the id token is one that was parsed, and the id token is a
  // plain integer or string, so it is JSON, parses to the same call, and `isIdAt` made sure the
  // token is its id. Bounded: emptied when full.
  const seenCalls = new Map<string, { key: string; buckets: BucketName[] }>();
  // A failure answers -32603 with the frame's headers, framing the request first when the
  // failure came before it was.
  const failure = (req: IncomingMessage, requestId?: string): RequestFailure => ({
    logger: deps.logger,
    answer: (res) =>
      sendJson(
        res,
        deps.frameHeaders(requestId ?? deps.frame(req, res, MCP_PATH)),
        500,
        internalError(),
      ),
  });
  const answer = (
    req: IncomingMessage,
    res: ServerResponse,
    call: KnownCallRequest,
    known: KnownAnswer,
    buckets: readonly BucketName[],
  ): void => {
    const requestId = deps.frame(req, res, MCP_PATH);
    // Every header goes out in one `writeHead` list, none through `setHeader` (as for cached
    // REST reads): the frame's, `Vary: Origin` (what the Origin guard sets for a request
    // without Origin), the rate-limit headers, then the answer's.
    const head = deps.frameHeaders(requestId);
    answerCharged(deps, req, res, head, buckets, call.id, () =>
      deps.knownCalls.sendAfter(head, 'Origin', known, call, req, res),
    ).catch((error: unknown) =>
      requestFailed(failure(req, requestId), res, error, { requestId, path: MCP_PATH }),
    );
  };
  return (req, res, handoff) => {
    if (req.method !== 'POST' || req.url !== MCP_PATH) return false;
    if (!deps.knownCalls.hasAnswers()) return false;
    const { headers } = req;
    if (
      headers['content-type'] !== 'application/json' ||
      headers['content-encoding'] !== undefined ||
      headers['transfer-encoding'] !== undefined ||
      headers.origin !== undefined ||
      !hostAccepted(policy, headers.host)
    )
      return false;
    const length = Number(headers['content-length']);
    if (!Number.isSafeInteger(length) || length <= 0 || length > MCP_MAX_BODY_BYTES) return false;

    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', () => res.destroy());
    const readBody = () => {
      const body = Buffer.concat(chunks);
      // Too deep to parse or walk safely (`MAX_JSON_DEPTH`): Express's `express.json` refuses it
      // by the same check (-32600), so it is handed on unread.
      if (jsonNestsDeeperThan(body)) {
        handoff(replayed(req, body), res);
        return;
      }
      // express.json refuses a body that is not UTF-8; so does the fast path.
      const text = isUtf8(body) ? body.toString('utf8') : undefined;
      const at = text === undefined ? undefined : cutAtId(text);
      const textKey =
        at === undefined
          ? undefined
          : `${KnownCalls.answerHeadersOf(headers)}\n${at.before}\u0000${at.after}`;
      const seen = textKey === undefined ? undefined : seenCalls.get(textKey);
      if (seen !== undefined && at !== undefined) {
        const call = { key: seen.key, id: at.id };
        const known = deps.knownCalls.lookup(call);
        if (known !== undefined) {
          answer(req, res, call, known, seen.buckets);
          return;
        }
      }
      const parsed = text === undefined ? undefined : parsedAsExpressJsonWould(text);
      if (parsed === undefined) {
        handoff(replayed(req, body), res);
        return;
      }
      const call = KnownCalls.requestOf(headers, parsed.value);
      const known = call === undefined ? undefined : deps.knownCalls.lookup(call);
      if (call === undefined || known === undefined) {
        // express.json skips a request whose body has been read, and keeps this `body`.
        (req as IncomingMessage & { body?: unknown }).body = parsed.value;
        handoff(req, res);
        return;
      }
      const buckets = bucketsFor(parsed.value);
      if (textKey !== undefined && at !== undefined && isIdAt(at)) {
        if (seenCalls.size >= SEEN_CALLS_MAX) seenCalls.clear();
        seenCalls.set(textKey, { key: call.key, buckets });
      }
      answer(req, res, call, known, buckets);
    };
    // `'end'` is the request's own event: a throw there would pass every handler.
    req.on('end', failingSafely(failure(req), res, { path: MCP_PATH }, readBody));
    return true;
  };
}

/** The rate-limit charge and refusal of `admitRequest`, on a bare response. */
async function answerCharged(
  deps: KnownMcpCallsDeps,
  req: IncomingMessage,
  res: ServerResponse,
  head: string[],
  buckets: readonly BucketName[],
  id: string | number,
  send: () => void,
): Promise<void> {
  const outcome = await deps.quota.charge(deps.clientKeyOf(req), buckets);
  const limits = rateLimitHeaders(outcome);
  for (const name in limits) head.push(name, limits[name]!);
  if (outcome.allowed) {
    send();
    return;
  }
  const retryAfterSeconds = outcome.retryAfterSeconds;
  head.push('Retry-After', String(retryAfterSeconds));
  sendJson(
    res,
    head,
    429,
    jsonRpcError(JSON_RPC_SERVER_ERROR, tooManyRequests(retryAfterSeconds), {
      id,
      data: { retryAfterSeconds },
    }),
  );
}

/**
 * `res.status(status).json(value)` behind the Origin guard and the `compression` middleware,
 * after the headers in `head`: Express's JSON headers, and `Vary: Origin, Accept-Encoding`; these
 * bodies are under compression's threshold, so never coded.
 */
function sendJson(res: ServerResponse, head: string[], status: number, value: unknown): void {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  head.push(
    'Vary',
    'Origin, Accept-Encoding',
    'Content-Type',
    'application/json; charset=utf-8',
    'Content-Length',
    String(body.length),
  );
  res.writeHead(status, head);
  res.end(body);
}

/**
 * The value `express.json` (strict) makes of `text` (a body that is UTF-8), or undefined when it
 * would refuse it or might read it otherwise (a byte order mark, not an object or array, not JSON).
 */
function parsedAsExpressJsonWould(text: string): { value: unknown } | undefined {
  const first = FIRST_JSON_CHARACTER.exec(text)?.[1];
  if (first !== '{' && first !== '[') return undefined;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/**
 * A request that reads as `req` did, body and all, for Express to take from the start; the
 * metrics, which look at the original request, see the route Express gives the copy.
 */
function replayed(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.headers = req.headers;
  copy.rawHeaders = req.rawHeaders;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  copy.push(body);
  copy.push(null);
  copy.complete = true;
  Object.defineProperty(req, 'route', {
    configurable: true,
    get: () => (copy as IncomingMessage & { route?: unknown }).route,
  });
  Object.defineProperty(req, 'baseUrl', {
    configurable: true,
    get: () => (copy as IncomingMessage & { baseUrl?: unknown }).baseUrl,
  });
  return copy;
}
