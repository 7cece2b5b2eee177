import type { IncomingMessage, ServerResponse } from 'node:http';

const EXPOSED = [
  'ETag',
  'RateLimit',
  'RateLimit-Policy',
  'Retry-After',
  'X-Request-Id',
  'Server-Timing',
  'Mcp-Session-Id',
];
const ALLOWED_HEADERS = [
  'Accept',
  'Content-Type',
  'If-None-Match',
  'X-Request-Id',
  'Mcp-Protocol-Version',
  'Mcp-Session-Id',
  'Last-Event-ID',
];

/**
 * Cross-origin use is allowed from anywhere (docs/api.md#every-response): `*`, no credentials
 * (there are no cookies anywhere). Preflights are answered 204 here with the methods the path
 * takes.
 * - Paths for which `grantsNoCors` holds (the signup,
 *   docs/api.md#no-website-can-sign-its-visitors-up: no website may make its visitors sign up) get
 *   no `Access-Control-*` header at all, so a browser refuses cross-origin calls; their preflights
 *   are still answered 204 (with `Allow` only) and, like all preflights, free.
 * - Paths in `ownCorsPaths` (MCP's `/mcp`, which allows listed origins only) are left to their router.
 *
 * A step of `requestSteps` on a request to `path` (its path without the query): true when it
 * answered the request (a preflight's 204).
 */
export function corsStep(
  allowedMethodsFor: (path: string) => readonly string[],
  grantsNoCors: (path: string) => boolean = () => false,
  ownCorsPaths: readonly string[] = [],
): (req: IncomingMessage, res: ServerResponse, path: string) => boolean {
  return (req, res, path) => {
    if (ownCorsPaths.includes(path)) return false;
    if (grantsNoCors(path)) {
      if (req.method !== 'OPTIONS') return false;
      res.setHeader('Allow', allowedMethodsFor(path).join(', '));
      res.statusCode = 204;
      res.end();
      return true;
    }
    allowAnyOrigin(res);
    if (req.method === 'OPTIONS') {
      const methods = allowedMethodsFor(path).join(', ');
      res.setHeader('Access-Control-Allow-Methods', methods);
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS.join(', '));
      res.setHeader('Access-Control-Max-Age', '86400');
      res.setHeader('Allow', methods);
      res.statusCode = 204;
      res.end();
      return true;
    }
    return false;
  };
}

const EXPOSED_LIST = EXPOSED.join(', ');

/** The `*` policy's headers on a response that is not a preflight, as `[name, value, …]`. */
export const ANY_ORIGIN_HEADERS: readonly string[] = [
  'Access-Control-Allow-Origin',
  '*',
  'Access-Control-Expose-Headers',
  EXPOSED_LIST,
];

/**
 * The CORS header of the server's own refusals (written before any route is known: parser
 * errors, capacity, failures outside Express): any origin may read the error, nothing is exposed.
 */
export const REFUSAL_CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
};

/** The `*` policy's headers on a response that is not a preflight. */
function allowAnyOrigin(res: Pick<ServerResponse, 'setHeader'>): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_LIST);
}
