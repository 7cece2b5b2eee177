/** One kind of request of the soak's mix, with its share of the traffic. */
export interface SoakRequest {
  readonly name: string;
  readonly weight: number;
  send(base: string, n: number): Promise<Response>;
}

/** What the mix needs from the catalog being served: tool ids and an ETag to revalidate. */
export interface SoakCatalog {
  readonly ids: readonly string[];
  readonly words: readonly string[];
  readonly etag: string;
}

const pick = <T>(items: readonly T[], n: number): T => items[n % items.length] as T;

const mcpCall = (q: string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'search_tools', arguments: { q, limit: 5 } },
  });

/**
 * The mix: what readers, agents and the odd signup do, plus the refusals a public service sees
 * (unknown paths, bad parameters), and now and then the whole export.
 */
export function soakMix(catalog: SoakCatalog): SoakRequest[] {
  return [
    {
      name: 'search',
      weight: 30,
      send: (base, n) =>
        fetch(`${base}/api/v1/tools?q=${encodeURIComponent(pick(catalog.words, n))}`),
    },
    {
      name: 'browse',
      weight: 12,
      send: (base, n) => fetch(`${base}/api/v1/tools?limit=20&cursor=${(n % 25) * 20}`),
    },
    {
      name: 'detail',
      weight: 15,
      send: (base, n) => fetch(`${base}/api/v1/tools/${pick(catalog.ids, n)}`),
    },
    {
      name: 'revalidate',
      weight: 10,
      send: (base) => fetch(`${base}/api/v1/tools`, { headers: { 'If-None-Match': catalog.etag } }),
    },
    {
      name: 'mcp',
      weight: 10,
      send: (base, n) =>
        fetch(`${base}/mcp`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
            'MCP-Protocol-Version': '2025-11-25',
          },
          body: mcpCall(pick(catalog.words, n)),
        }),
    },
    { name: 'health', weight: 8, send: (base) => fetch(`${base}/healthz`) },
    { name: 'ready', weight: 4, send: (base) => fetch(`${base}/readyz`) },
    { name: 'not-found', weight: 4, send: (base, n) => fetch(`${base}/nowhere/${n}`) },
    {
      name: 'bad-request',
      weight: 4,
      send: (base) => fetch(`${base}/api/v1/tools?limit=999`),
    },
    {
      name: 'signup',
      weight: 2,
      send: (base, n) =>
        fetch(`${base}/subscribe`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: `soak-${process.pid}-${n}@example.com` }),
        }),
    },
    { name: 'export', weight: 1, send: (base) => fetch(`${base}/reviews/index.json`) },
  ];
}
