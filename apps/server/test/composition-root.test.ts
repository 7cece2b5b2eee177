import { describe, expect, it } from '@jest/globals';
import { Container } from 'inversify';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { TOKENS } from '../src/container/tokens.js';
import { bindConstant, bindResolved } from '../src/container/typed-binding.js';
import type { SearchTools } from '@reviews/application';

const SOURCES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** Every TypeScript module of apps/server, as `[path under src/, text]`. */
function sources(): Array<readonly [string, string]> {
  return (readdirSync(SOURCES, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => [name, readFileSync(path.join(SOURCES, name), 'utf8')] as const);
}

/**
 * A lookup in the container: `container.get…(`, `context.get…(` (what `toDynamicValue` and
 * `onActivation` hand their factory), or either of those two, which exist to be given a context.
 */
const LOOKUP =
  /\b(?:container|context|ctx)\s*\.\s*get(?:Async|All|AllAsync)?\s*[<(]|\.toDynamicValue\s*\(|\.onActivation\s*\(/g;

describe('the composition root', () => {
  it('asks the container once, for the app, at start: every factory is given its dependencies', () => {
    const lookups = sources().flatMap(([name, text]) =>
      [...text.matchAll(LOOKUP)].map((match) => {
        const line = text.slice(0, match.index).split('\n').length;
        return `${name}:${line}: ${text.split('\n')[line - 1]?.trim()}`;
      }),
    );
    expect(lookups).toHaveLength(1);
    expect(lookups[0]).toMatch(/^server\.ts:\d+: .*container\.getAsync<ServiceApp>\(TOKENS\.App\)/);
  });

  it('names every dependency and checks it against its token: a swap does not compile', async () => {
    const container = new Container();
    const searchTools = { execute: () => ({ ok: true }) } as unknown as SearchTools;
    bindConstant(container, TOKENS.SearchTools, searchTools);
    // Each `@ts-expect-error` fails `pnpm lint:types` the day the mistake below compiles.
    const mistaken = new Container();
    // @ts-expect-error a clock is no SearchTools
    bindConstant(mistaken, TOKENS.SearchTools, { now: () => new Date() });
    bindResolved(
      mistaken,
      TOKENS.GetTool,
      { search: TOKENS.SearchTools },
      // @ts-expect-error the SearchTools given under `search` is no GetTool
      ({ search }) => search,
    );
    expect(await container.getAsync(TOKENS.SearchTools)).toBe(searchTools);
  });
});
