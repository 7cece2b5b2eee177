import { Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import {
  mcpRequest,
  pause,
  searchBucket,
  send,
  useCaseMs,
  type FloodRequest,
} from './flood-client.js';
import { summarise, type LatencySummary } from './percentiles.js';

/** The routes a search can be made on. */
export const SEARCH_ROUTES = ['rest', 'mcp', 'page'] as const;
type SearchRoute = (typeof SEARCH_ROUTES)[number];

/** Flooding clients: 127.0.0.2 to 127.0.0.61, each an address of its own to the server. */
const FLOOD_ADDRESSES = Array.from({ length: 60 }, (_, i) => `127.0.0.${i + 2}`);

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * The most expensive search a client can ask for (docs/api.md#what-a-search-costs): twelve
 * single letters (the most keywords, each matching much of the catalog), facets, highlights, a
 * full page deep in the results; the letters drawn anew each time, so no cache answers it.
 */
export function costlySearch(route: SearchRoute, draw: () => number): FloodRequest {
  const letters = [...LETTERS].sort(() => draw() - 0.5).slice(0, 12);
  const q = letters.join(' ');
  if (route === 'mcp') {
    return mcpRequest('tools/call', {
      name: 'search_tools',
      arguments: { q, facets: ['category'], highlight: true, limit: 20, cursor: '980' },
    });
  }
  const query = `q=${encodeURIComponent(q)}&limit=20&cursor=980`;
  // The page always counts facets and highlights (docs/api.md#website).
  return route === 'page'
    ? { path: `/search?${query}` }
    : { path: `/api/v1/tools?${query}&facets=category&highlight=true` };
}

/** The kinds of costly search the flood sends: twelve letters, or a search nothing matches in full. */
export const COSTLY_KINDS = ['letters', 'closest'] as const;
type CostlyKind = (typeof COSTLY_KINDS)[number];

/**
 * The costliest search that no tool matches in full (docs/api.md#the-closest-tools): the first
 * five letters of eleven catalog words (prefixes that no shortcut covers read every term they
 * begin) and a word drawn anew that matches nothing, so no cache answers it and every request
 * computes its closest tools, a union over the eleven; a page of 20.
 */
export function closestSearch(
  route: SearchRoute,
  words: readonly string[],
  draw: () => number,
): FloodRequest {
  const prefixes = new Set<string>();
  while (prefixes.size < 11)
    prefixes.add((words[Math.floor(draw() * words.length)] as string).slice(0, 5));
  const nothing = `q${Array.from({ length: 9 }, () => LETTERS[Math.floor(draw() * 26)]).join('')}`;
  const q = [...prefixes, nothing].join(' ');
  if (route === 'mcp') {
    return mcpRequest('tools/call', { name: 'search_tools', arguments: { q, limit: 20 } });
  }
  const query = `q=${encodeURIComponent(q)}&limit=20`;
  return route === 'page' ? { path: `/search?${query}` } : { path: `/api/v1/tools?${query}` };
}

/** One costly search of `kind` on `route`. */
function costlyRequest(
  kind: CostlyKind,
  route: SearchRoute,
  words: readonly string[],
  draw: () => number,
): FloodRequest {
  return kind === 'letters' ? costlySearch(route, draw) : closestSearch(route, words, draw);
}

/** A search a reader makes: one or two words the catalog has, not asked before in this run. */
export function ordinarySearch(words: readonly string[], i: number): FloodRequest {
  const first = words[i % words.length] as string;
  const second = Math.floor(i / words.length);
  const q = second === 0 ? first : `${first} ${words[(second * 7) % words.length] as string}`;
  return { path: `/api/v1/tools?q=${encodeURIComponent(q)}` };
}

/**
 * Words of the catalog for ordinary searches: those of the tools on the first browse pages,
 * four letters or more.
 */
export async function catalogWords(url: string): Promise<string[]> {
  const words = new Set<string>();
  for (let cursor = 0; cursor < 200 && words.size < 400; cursor += 20) {
    const page = await send(url, { path: `/api/v1/tools?limit=20&cursor=${cursor}` }, {});
    const body = JSON.parse(page.body) as { items: Array<{ name: string; description: string }> };
    for (const item of body.items) {
      for (const word of `${item.name} ${item.description}`.toLowerCase().split(/[^a-z]+/))
        if (word.length >= 4) words.add(word);
    }
  }
  return [...words];
}

/**
 * A bystander at 127.0.0.1 asking ordinary searches, one at a time with a pause of `gapMs`
 * between them, until `until`. The server trusts 127.0.0.1 as a proxy (`TRUST_PROXY`), so each
 * search names a client of its own in `X-Forwarded-For`: the bystander never runs out of quota,
 * while every flooding address is counted as itself.
 */
export async function bystander(
  url: string,
  words: readonly string[],
  until: number,
  start: number,
  gapMs = 100,
): Promise<LatencySummary> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  for (let i = start; performance.now() < until; i++) {
    const search = ordinarySearch(words, i);
    const forwarded = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const begun = performance.now();
    const answer = await send(
      url,
      { ...search, headers: { 'X-Forwarded-For': forwarded } },
      { agent, localAddress: '127.0.0.1' },
    );
    if (answer.status !== 200) throw new Error(`the bystander's search got ${answer.status}`);
    samples.push(performance.now() - begun);
    await pause(gapMs);
  }
  agent.destroy();
  return summarise(samples);
}

/** What the flooding addresses got back during one flood. */
export interface FloodTally {
  readonly statuses: Map<number, number>;
  /** Units one costly search took from the `search` bucket, as the `RateLimit` header tells. */
  readonly units: number[];
  /** Each address's remaining `search` units after its last answer (kept from flood to flood). */
  readonly remaining: Map<string, number>;
}

/**
 * Every address of `FLOOD_ADDRESSES` sends costly searches on `route` at the rate its bucket
 * allows, and no faster: after each search it waits the share of the window the units it was
 * charged stand for (`RateLimit`), and after a 429 its `Retry-After`. The addresses start spread
 * over two seconds.
 */
export async function floodAtAllowedRate(
  url: string,
  route: SearchRoute,
  until: number,
  tally: FloodTally,
  draw: () => number,
  costly: { kind: CostlyKind; words: readonly string[] } = { kind: 'letters', words: [] },
): Promise<void> {
  await Promise.all(
    FLOOD_ADDRESSES.map(async (localAddress, i) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress });
      await pause((2_000 * i) / FLOOD_ADDRESSES.length);
      while (performance.now() < until) {
        const known = tally.remaining.get(localAddress);
        const request = costlyRequest(costly.kind, route, costly.words, draw);
        const answer = await send(url, request, { agent, localAddress });
        tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1);
        const bucket = searchBucket(answer);
        if (answer.status === 429) {
          tally.remaining.delete(localAddress);
          await pause(Number(answer.headers['retry-after'] ?? 1) * 1_000);
          continue;
        }
        if (bucket === undefined) throw new Error(`no search bucket in ${route}'s answer`);
        // A remaining count that went up means a new window began before this search.
        const before = known !== undefined && known > bucket.remaining ? known : bucket.size;
        const units = Math.max(1, before - bucket.remaining);
        tally.units.push(units);
        tally.remaining.set(localAddress, bucket.remaining);
        await pause((bucket.windowSeconds * 1_000 * units) / bucket.size);
      }
      agent.destroy();
    }),
  );
}

/** The use-case time and the units of one search, asked twice (the second may be cached). */
export async function searchCost(
  url: string,
  request: FloodRequest,
  localAddress: string,
): Promise<{ ms: number; units: number }> {
  const answer = await send(url, request, { localAddress });
  const bucket = searchBucket(answer);
  if (answer.status !== 200 || bucket === undefined)
    throw new Error(`a costed search got ${answer.status}`);
  return { ms: useCaseMs(answer) ?? Number.NaN, units: bucket.size - bucket.remaining };
}
