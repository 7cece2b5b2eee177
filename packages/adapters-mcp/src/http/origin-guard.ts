import { sendJsonError, varyOn } from '@reviews/http-common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JSON_RPC_INVALID_REQUEST, JSON_RPC_SERVER_ERROR, jsonRpcError } from './json-rpc-error.js';

/**
 * Who may reach `/mcp` from a browser, and under which `Host` (MCP transport rules: a server
 * MUST reject an invalid `Origin` with 403, against DNS rebinding from a web page).
 */
export interface McpOriginPolicy {
  /** Exact origins (`scheme://host[:port]`) whose pages may call `/mcp`. */
  readonly allowedOrigins: ReadonlySet<string>;
  /** Host names a request may name when the service listens only on loopback; else undefined. */
  readonly allowedHostnames: ReadonlySet<string> | undefined;
}

/** Names that reach only this machine. */
export const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

/**
 * The policy of a service at `baseUrl` (`PUBLIC_BASE_URL`): its own origin and `extraOrigins`
 * (`MCP_ALLOWED_ORIGINS`) are allowed; when it listens only on loopback, the `Host` must be a
 * loopback name or the public host name (a reverse proxy forwards that one).
 */
export function mcpOriginPolicy(
  baseUrl: string,
  extraOrigins: readonly string[],
  loopbackOnly: boolean,
): McpOriginPolicy {
  const own = new URL(baseUrl);
  return {
    allowedOrigins: new Set([own.origin, ...extraOrigins.map((origin) => new URL(origin).origin)]),
    allowedHostnames: loopbackOnly
      ? new Set<string>([...LOOPBACK_HOSTNAMES, own.hostname])
      : undefined,
  };
}

/** Whether `host` (a `HOST` setting) accepts connections from this machine only. */
export function isLoopbackListenAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

const HOST_PATTERN = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:[0-9]{1,5})?$/i;

function hostnameOf(host: string): string {
  return host.replace(/:[0-9]+$/, '').toLowerCase();
}

/**
 * An allowed origin, or — only when the `Host` has been checked against the loopback list — the
 * service's own origin under the name the request used (`http://127.0.0.1:3000` as well as
 * `http://localhost:3000`). Without that check the same rule would admit DNS rebinding, where
 * Origin and Host both name the attacker's domain.
 */
function originAllowed(policy: McpOriginPolicy, origin: string, host: string): boolean {
  if (policy.allowedOrigins.has(origin)) return true;
  if (policy.allowedHostnames === undefined) return false;
  const own = host.toLowerCase();
  return origin === `http://${own}` || origin === `https://${own}`;
}

/** Request headers a page may send to `/mcp` (answered to a preflight). */
const ALLOWED_HEADERS = [
  'Accept',
  'Content-Type',
  'Mcp-Protocol-Version',
  'Mcp-Method',
  'Mcp-Name',
  'Mcp-Session-Id',
  'Last-Event-ID',
  'X-Request-Id',
];
const EXPOSED_HEADERS = ['RateLimit', 'RateLimit-Policy', 'Retry-After', 'X-Request-Id'];

/**
 * Runs before anything else on `/mcp`, for every method, and costs no quota: a `Host` that is
 * not a host name → 400, a `Host` that is not ours while listening on loopback → 403, an
 * `Origin` that is present and not allowed → 403, each with a JSON-RPC error body that says
 * why. An allowed `Origin` gets CORS headers naming it (never `*`), and its preflight a 204; a
 * request without `Origin` (every non-browser client) passes untouched. Returns true when the
 * request passes; false when it was answered.
 */
export function guardMcpOrigin(
  policy: McpOriginPolicy,
  methods: readonly string[],
): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const host = req.headers.host ?? '';
    if (!HOST_PATTERN.test(host)) {
      sendJsonError(
        res,
        400,
        jsonRpcError(
          JSON_RPC_INVALID_REQUEST,
          `Bad request: the Host header ${JSON.stringify(host)} is not a host name.`,
        ),
      );
      return false;
    }
    const hostname = hostnameOf(host);
    if (policy.allowedHostnames !== undefined && !policy.allowedHostnames.has(hostname)) {
      sendJsonError(
        res,
        403,
        jsonRpcError(
          JSON_RPC_SERVER_ERROR,
          `Forbidden: this server listens on loopback only and does not answer for host "${hostname}" (DNS rebinding protection).`,
        ),
      );
      return false;
    }
    const origin = req.headers.origin;
    varyOn(res, 'Origin');
    if (origin !== undefined && !originAllowed(policy, origin, host)) {
      sendJsonError(
        res,
        403,
        jsonRpcError(
          JSON_RPC_SERVER_ERROR,
          `Forbidden: pages from origin ${JSON.stringify(origin)} may not call this MCP endpoint. Clients that are not web pages send no Origin header; a site of your own can be allowed with MCP_ALLOWED_ORIGINS.`,
        ),
      );
      return false;
    }
    if (origin !== undefined) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
    }
    if (req.method === 'OPTIONS') {
      const requested = req.headers['access-control-request-headers'];
      res.setHeader('Allow', methods.join(', '));
      if (origin !== undefined) {
        res.setHeader('Access-Control-Allow-Methods', methods.join(', '));
        res.setHeader('Access-Control-Allow-Headers', requested ?? ALLOWED_HEADERS.join(', '));
        res.setHeader('Access-Control-Max-Age', '86400');
        varyOn(res, 'Access-Control-Request-Headers');
      }
      res.statusCode = 204;
      res.end();
      return false;
    }
    return true;
  };
}
