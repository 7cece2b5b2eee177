/** What came back for one fuzzed request. */
export interface FuzzAnswer {
  /** 0: the server closed the connection without answering. */
  readonly status: number;
  readonly contentType: string | undefined;
  readonly body: string;
  readonly head: boolean;
}

/** HTML pages that answer their refusals with an HTML page (contract §7, §9). */
function isPage(method: string, path: string): boolean {
  const route = path.split('?')[0];
  if (route === '/subscribe') return method === 'GET' || method === 'HEAD';
  if (route === '/subscribe/form') return method === 'POST';
  if (route === '/subscribe/confirm' || route === '/subscribe/unsubscribe')
    return ['GET', 'HEAD', 'POST'].includes(method);
  return false;
}

const isMcp = (path: string) => /^\/mcp\/?(?:[?#]|$)/.test(path);

/**
 * Why an answer breaks the rules every route keeps (no 5xx, every refusal in the route's shape),
 * or undefined when it keeps them. Shapes: JSON-RPC error for `/mcp`, an HTML page for the signup
 * pages, `{ "error": "…" }` JSON everywhere else (contract §5, §7, §8).
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
  if (path !== undefined && isPage(method, path) && !parserRefusal) {
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
