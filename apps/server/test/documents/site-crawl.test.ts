import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CheckedServer } from '../support/openapi-checked-server.js';
import { htmlLinks } from './document-links.js';
import { BASE, startDocumentServer } from './document-server.js';

/**
 * The site as a newcomer's browser meets it: from the home page, every link of it (level 1) and
 * every link of those pages (level 2) answers without a 4xx. Links are `href` and `src`: a form's
 * `action` (the POST-only `/subscribe/form`) is not a link.
 */
let server: CheckedServer;
beforeAll(async () => {
  server = await startDocumentServer({
    RATE_LIMIT_PAGES: '100000',
    RATE_LIMIT_API: '100000',
    RATE_LIMIT_SEARCH: '100000',
  });
});
afterAll(() => server.close());

/** The address on the running server of a link of a page at `page` (relative or under BASE). */
function onServer(link: string, page: string): URL | undefined {
  const address = new URL(link, `${BASE}${page}`);
  if (address.origin !== new URL(BASE).origin) return undefined;
  address.hash = '';
  return address;
}

describe('a two-level crawl of the site from the home page', () => {
  it('finds no link that answers 4xx, and no link to /mcp (a browser gets 405 there)', async () => {
    const visited = new Map<string, number>();
    const failures: string[] = [];
    let level = ['/'];
    for (let depth = 0; depth <= 2; depth++) {
      const next: string[] = [];
      for (const path of level) {
        if (visited.has(path)) continue;
        const res = await fetch(`${server.url}${path}`);
        visited.set(path, res.status);
        const body = await res.text();
        if (res.status >= 400) {
          failures.push(`${path} → ${res.status}`);
          continue;
        }
        if (depth === 2 || !(res.headers.get('content-type') ?? '').startsWith('text/html')) {
          continue;
        }
        for (const link of htmlLinks(body)) {
          const address = onServer(link, path);
          if (address === undefined) continue;
          if (address.pathname === '/mcp') failures.push(`${path} links to /mcp`);
          next.push(`${address.pathname}${address.search}`);
        }
      }
      level = next;
    }
    expect(failures).toEqual([]);
    expect(visited.size).toBeGreaterThan(100);
    // What a newcomer looks for is among them.
    for (const path of ['/docs', '/developers.md', '/mcp/server-card', '/subscribe', '/search']) {
      expect(visited.get(path)).toBe(200);
    }
  }, 120_000);

  it('calls the service by one title: the site and the MCP server card', async () => {
    const home = await (await fetch(`${server.url}/`)).text();
    const siteName = /<a class="brand" href="\/">([^<]+)<\/a>/.exec(home)?.[1];
    const card = (await (await fetch(`${server.url}/mcp/server-card`)).json()) as {
      title: string;
    };
    expect(card.title).toBe(siteName);
  });
});
