import { afterEach, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  finishIndexedPostings,
  PostingsCollector,
  Publication,
  type IndexedPostings,
  type Tool,
} from '@reviews/domain';
import { aCatalog, aReview, aTool, aToolWithTexts } from '@reviews/domain/testing';
import { pathToFileURL } from 'node:url';
import { indexingAheadWorkerScript, WorkerIndexingAhead } from '../src/indexing/indexing-ahead.js';
import {
  indexTextsChunk,
  TextsChunkWriter,
  type TextsChunk,
} from '../src/indexing/searched-texts-chunks.js';

const script = indexingAheadWorkerScript();
if (script === undefined) throw new Error('run pnpm build: the indexing-ahead worker is not built');
const fixture = (name: string) =>
  pathToFileURL(new URL(`./fixtures/${name}`, import.meta.url).pathname);

/** The postings part of the index that publishing `tools` builds on its own. */
function expectedPostings(tools: readonly Tool[]) {
  const { index } = Publication.publish('p', aCatalog(...tools)).snapshot();
  const { terms, offsets, postings, shortcutPrefixes, shortcuts } = index;
  return { toolCount: tools.length, terms, offsets, postings, shortcutPrefixes, shortcuts };
}

/** A logger that keeps its lines. */
function recordingLogger() {
  const lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
  const at =
    (level: string) =>
    (fields: Record<string, unknown>, msg: string): void => {
      lines.push({ level, msg, fields });
    };
  return { lines, info: at('info'), warn: at('warn') };
}

// Texts of every kind a chunk tells apart: ASCII (with joiners and suffixes), non-ASCII, lone
// surrogates (which UTF-8 could not carry), empty, and longer than a small chunk.
const text = fc.oneof(
  fc.string({ unit: fc.constantFrom(..."aZ09._+#' -".split('')), maxLength: 30 }),
  fc.string({ unit: fc.constantFrom('a', 'é', 'İ', '’', ' ', '\ud800', '🧪'), maxLength: 12 }),
  fc.constant(''),
  fc.constant(`${'Long words of a long review '.repeat(20)}end`),
);
const tool = fc
  .record({
    name: text,
    description: text,
    category: fc.option(text),
    labels: fc.array(text, { maxLength: 2 }),
    reviews: fc.array(fc.tuple(text, text), { maxLength: 3 }),
  })
  .map(aToolWithTexts);

describe('texts chunks', () => {
  it('carry every searched text of every tool to the same postings, whatever the chunk size', () => {
    fc.assert(
      fc.property(
        fc.array(tool, { maxLength: 8 }),
        fc.constantFrom(16, 64, 4096),
        (tools, size) => {
          const chunks: TextsChunk[] = [];
          const writer = new TextsChunkWriter((chunk) => chunks.push(structuredClone(chunk)), size);
          for (const each of tools) writer.add(each);
          writer.flush();
          const collector = new PostingsCollector();
          for (const chunk of chunks) indexTextsChunk(collector, chunk);
          expect(finishIndexedPostings(collector)).toEqual(expectedPostings(tools));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuse a chunk that is not one', () => {
    const collector = new PostingsCollector();
    const chunk = (bytes: number[], texts: string[] = []): TextsChunk => ({
      buffer: new Uint8Array(bytes).buffer,
      length: bytes.length,
      texts,
    });
    expect(() => indexTextsChunk(collector, chunk([0x01]))).toThrow('tag 1 at 0');
    expect(() => indexTextsChunk(collector, chunk([0x00, 0x12, 9, 0, 0, 0, 0x61]))).toThrow(
      'runs past the end',
    );
    expect(() => indexTextsChunk(collector, chunk([0x00], ['left over']))).toThrow('left over');
  });
});

describe('WorkerIndexingAhead', () => {
  // Every worker started is terminated, even by a test that fails half-way.
  const started: WorkerIndexingAhead[] = [];
  const indexingAhead = (...args: ConstructorParameters<typeof WorkerIndexingAhead>) => {
    const ahead = new WorkerIndexingAhead(...args);
    started.push(ahead);
    return ahead;
  };
  afterEach(async () => {
    await Promise.all(started.splice(0).map((ahead) => ahead.cancel()));
  });

  const tools = Array.from({ length: 40 }, (_, i) =>
    aTool()
      .withId(`tool-${i}`)
      .named(`Tool ${i} Postgres`)
      .describedAs(`A naïve tool number ${i} for node.js and C++`)
      .withReviews(aReview().withId(`r-${i}`).withLikes(`Fast build ${i}`).build())
      .build(),
  );

  it('indexes on its worker, paced in small chunks, what publishing indexes on its own', async () => {
    const logger = recordingLogger();
    const ahead = indexingAhead(script, logger, { chunkBytes: 256, chunksAhead: 1 });
    for (const each of tools) ahead.add(each);
    const postings: IndexedPostings = await ahead.finish();
    expect(postings).toEqual(expectedPostings(tools));
    expect(logger.lines.map((line) => [line.level, line.msg, line.fields['tools']])).toEqual([
      ['info', 'search texts indexed ahead', 40],
    ]);
  });

  it('gives up on a worker that fails, and says so', async () => {
    const logger = recordingLogger();
    const ahead = indexingAhead(fixture('failing-indexing-worker.mjs'), logger, {
      chunkBytes: 64,
      chunksAhead: 1,
    });
    for (const each of tools) ahead.add(each);
    await expect(ahead.finish()).rejects.toThrow('The indexing thread failed.');
    expect(logger.lines.map((line) => [line.level, line.msg])).toEqual([
      ['warn', 'indexing ahead failed; indexing on this thread'],
    ]);
  });

  it('stops waiting for a worker that indexes nothing', async () => {
    const logger = recordingLogger();
    const ahead = indexingAhead(fixture('stalled-indexing-worker.mjs'), logger, {
      chunkBytes: 64,
      chunksAhead: 1,
      patienceMs: 200,
    });
    const started = Date.now();
    for (const each of tools) ahead.add(each);
    // One wait of 200 ms, then no more chunks sent, so no more waits.
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(ahead.finish()).rejects.toThrow('took no text for 200 ms');
  });

  it('can be cancelled', async () => {
    const ahead = indexingAhead(script, recordingLogger());
    ahead.add(tools[0] as Tool);
    await expect(ahead.cancel()).resolves.toBeUndefined();
  });
});
