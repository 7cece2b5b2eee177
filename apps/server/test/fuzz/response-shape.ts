/** What came back for one fuzzed request. */
export interface FuzzAnswer {
  /** 0: the server closed the connection without answering. */
  readonly status: number;
  readonly contentType: string | undefined;
  readonly body: string;
  readonly head: boolean;
}

/**
 * The API and MCP keep JSON answers everywhere under them (docs/api.md#every-response,
 * docs/mcp.md#tools).
 */
const JSON_PATHS = /^\/(api|mcp)(\/|$)/;
/**
 * The website's pages: home, search, tool (and its Markdown twin) and review pages
 * (docs/api.md#website).
 */
const PAGE_ROUTES = /^\/(search|tools\/[^/]+(\/reviews\/[^/]+)?)?$/;

/**
 * Routes that answer their refusals with an HTML page: the signup pages
 * (docs/api.md#newsletter-signup-double-opt-in), the website's pages, and any unknown address
 * outside the API and MCP (an HTML 404, docs/api.md#website).
 */
function isPage(method: string, path: string, status: number): boolean {
  const route = path.split('?')[0] ?? '';
  if (route === '/subscribe' && (method === 'GET' || method === 'HEAD')) return true;
  if (route === '/subscribe/form' && method === 'POST') return true;
  const link = route === '/subscribe/confirm' || route === '/subscribe/unsubscribe';
  if (link && ['GET', 'HEAD', 'POST'].includes(method)) return true;
  if (PAGE_ROUTES.test(route)) return true;
  // A method a route does not take finds no route at all: outside the API, an HTML 404.
  return status === 404 && !JSON_PATHS.test(route);
}

const isMcp = (path: string) => /^\/mcp\/?(?:[?#]|$)/.test(path);

/**
 * Why an answer breaks the rules every route keeps (no 5xx, every refusal in the route's shape),
 * or undefined when it keeps them. Shapes: JSON-RPC error for `/mcp`, an HTML page for the pages
 * (signup, website, unknown addresses outside the API), `{ "error": "…" }` JSON everywhere else
 * (docs/api.md#every-response, docs/api.md#statuses, docs/mcp.md#tools, docs/api.md#website).
 */
export function shapeViolation(
  method: string,
  path: string | undefined,
  answer: FuzzAnswer,
  options: { raw?: boolean } = {},
): string | undefined {
  if (answer.status === 0) return 'no answer (connection closed empty)';
  if (answer.status >= 500) return `server error ${answer.status}`;
  if (answer.status < 400) return undefined;
  const type = answer.contentType ?? '';
  // Bytes the HTTP parser refuses never reach a page's route: those refusals are JSON.
  const parserRefusal = options.raw === true && type.startsWith('application/json');
  if (path !== undefined && isPage(method, path, answer.status) && !parserRefusal) {
    if (!type.startsWith('text/html')) return `page refusal is ${type}, not HTML`;
    if (!answer.head && !answer.body.includes('<html')) return 'page refusal has no HTML body';
    return undefined;
  }
  if (!type.startsWith('application/json')) return `refusal is ${type || 'untyped'}, not JSON`;
  if (answer.head) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return `refusal body is not JSON: ${JSON.stringify(answer.body.slice(0, 80))}`;
  }
  const body = parsed as { error?: unknown; jsonrpc?: unknown };
  if (path !== undefined && isMcp(path)) {
    const error = body.error as { code?: unknown; message?: unknown } | undefined;
    if (
      body.jsonrpc !== '2.0' ||
      typeof error?.code !== 'number' ||
      typeof error.message !== 'string'
    )
      return `/mcp refusal is not a JSON-RPC error: ${answer.body.slice(0, 120)}`;
    return undefined;
  }
  if (typeof body.error !== 'string' || body.error === '')
    return `refusal is not {error}: ${answer.body.slice(0, 120)}`;
  return undefined;
}
