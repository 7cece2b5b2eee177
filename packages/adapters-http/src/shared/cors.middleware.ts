import type { RequestHandler } from 'express';

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
 * Cross-origin use is allowed from anywhere (contract §5): `*`, no credentials (there are no
 * cookies anywhere). Preflights are answered 204 here with the methods the path takes. Paths in
 * `ownCorsPaths` (MCP's `/mcp`, which allows listed origins only) are left to their router.
 */
export function cors(
  allowedMethodsFor: (path: string) => readonly string[],
  ownCorsPaths: readonly string[] = [],
): RequestHandler {
  return (req, res, next) => {
    if (ownCorsPaths.includes(req.path)) {
      next();
      return;
    }
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED.join(', '));
    if (req.method === 'OPTIONS') {
      const methods = allowedMethodsFor(req.path).join(', ');
      res.setHeader('Access-Control-Allow-Methods', methods);
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS.join(', '));
      res.setHeader('Access-Control-Max-Age', '86400');
      res.setHeader('Allow', methods);
      res.status(204).end();
      return;
    }
    next();
  };
}
