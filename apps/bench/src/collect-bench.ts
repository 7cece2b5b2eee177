import { FileCatalogSource } from '@reviews/adapters-persistence';
import type { Tool } from '@reviews/domain';
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generatedCatalog } from './generated-catalog.js';
import { median } from './percentiles.js';

/**
 * The postings `PostingsCollector.finish` gives, as far as this bench reads them: one array of
 * entries (tool << 3 | field), or in older builds a tool array and a field array.
 */
type Postings = {
  readonly dictionary: { readonly terms: readonly string[] };
  readonly offsets: Uint32Array;
} & (
  { readonly entries: Uint32Array } | { readonly tools: Uint32Array; readonly fields: Uint8Array }
);

/** What this bench needs of a build of `@reviews/domain` (this one's, or `--compare DIR`'s). */
interface DomainBuild {
  readonly PostingsCollector: new () => {
    startTool(): void;
    addText(field: number, text: string): void;
    addAsciiBytes(field: number, bytes: Uint8Array, from: number, to: number): void;
    finish(): Postings;
  };
  readonly forEachSearchedText: (tool: Tool, visit: (field: number, text: string) => void) => void;
}

const OURS = new URL('../../../packages/domain/dist/index.js', import.meta.url).href;

interface CollectBenchOptions {
  readonly tools: number;
  readonly seed: number;
  readonly catalog: string | undefined;
  readonly rounds: number;
  /** Another checkout (built), whose collector runs alternately with this one's. */
  readonly compare: string | undefined;
}

/**
 * `pnpm bench collect`: the indexing worker's main cost alone, `PostingsCollector` over every
 * searched text of a catalog (ASCII texts as their UTF-8 bytes, as the worker receives them;
 * others as strings), in one process, rounds alternating between this build and `--compare
 * DIR`'s so that both meet the same moments of a noisy machine. Prints each round's time to
 * collect (and to `finish`), then per build the minimum and the median, and checks that both
 * builds give the same postings.
 */
export async function collectBench(options: CollectBenchOptions): Promise<void> {
  const file = options.catalog ?? (await generatedCatalog(options.tools, options.seed)).file;
  const builds: Array<[string, DomainBuild]> = [['this build', await domainAt(OURS)]];
  if (options.compare !== undefined) {
    const other = pathToFileURL(resolve(options.compare, 'packages/domain/dist/index.js')).href;
    builds.unshift([options.compare, await domainAt(other)]);
  }
  const { document } = await new FileCatalogSource(file).load();
  const encoder = new TextEncoder();
  // Per tool: field, then the text's bytes (ASCII) or the text itself.
  const texts: Array<Array<number | Uint8Array | string>> = [];
  let bytes = 0;
  for (const tool of document.tools) {
    const own: Array<number | Uint8Array | string> = [];
    (builds[0] as [string, DomainBuild])[1].forEachSearchedText(tool, (field, text) => {
      const encoded = encoder.encode(text);
      bytes += encoded.length;
      own.push(field, encoded.length === text.length ? encoded : text);
    });
    texts.push(own);
  }
  console.log(
    `catalog ${file}: ${document.tools.length} tools, ${(bytes / 1e6).toFixed(1)} MB of searched text`,
  );
  const times = new Map<string, number[]>();
  const digests = new Map<string, string>();
  for (let round = 1; round <= options.rounds; round++) {
    for (const [name, build] of builds) {
      const collector = new build.PostingsCollector();
      const started = performance.now();
      for (const own of texts) {
        collector.startTool();
        for (let i = 0; i < own.length; i += 2) {
          const field = own[i] as number;
          const text = own[i + 1] as Uint8Array | string;
          if (typeof text === 'string') collector.addText(field, text);
          else collector.addAsciiBytes(field, text, 0, text.length);
        }
      }
      const collected = performance.now();
      const postings = collector.finish();
      const finished = performance.now();
      digests.set(name, digestOf(postings));
      times.set(name, [...(times.get(name) ?? []), collected - started]);
      console.log(
        `round ${String(round).padStart(2)}  ${name.padEnd(24)} collect ${ms(collected - started)}` +
          `  finish ${ms(finished - collected)}  ${toolsOf(postings).length} postings`,
      );
    }
  }
  for (const [name, all] of times) {
    const least = Math.min(...all);
    console.log(
      `${name.padEnd(24)} collect min ${ms(least)}  median ${ms(median(all))}` +
        `  (${((least * 1e6) / bytes).toFixed(2)} ns a byte at the min)`,
    );
  }
  if (new Set(digests.values()).size > 1) {
    process.exitCode = 1;
    console.log('the builds gave different postings');
  } else if (builds.length > 1) console.log('both builds gave the same postings');
}

async function domainAt(url: string): Promise<DomainBuild> {
  return (await import(url)) as DomainBuild;
}

/** Each posting's tool, whichever layout the build gives. */
const toolsOf = (postings: Postings): Uint32Array =>
  'entries' in postings ? postings.entries.map((entry) => entry >>> 3) : postings.tools;

/** Each posting's field, whichever layout the build gives. */
const fieldsOf = (postings: Postings): Uint8Array =>
  'entries' in postings ? Uint8Array.from(postings.entries, (entry) => entry & 3) : postings.fields;

/** SHA-256 over the terms, offsets, tools and fields (the same for either layout). */
function digestOf(postings: Postings): string {
  const hash = createHash('sha256');
  hash.update(postings.dictionary.terms.join('\n'));
  for (const array of [postings.offsets, toolsOf(postings), fieldsOf(postings)])
    hash.update(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  return hash.digest('hex').slice(0, 16);
}

const ms = (value: number): string => `${value.toFixed(0).padStart(5)} ms`;
