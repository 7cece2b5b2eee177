import { afterAll, describe, expect, it } from '@jest/globals';
import { FileCatalogSource, FileIndexSnapshotStore } from '@reviews/adapters-persistence';
import { CatalogInvalidError } from '@reviews/application';
import { RecordingLogger } from '@reviews/application/testing';
import { ArrivingTools, Publication, type CatalogDocument, type Tool } from '@reviews/domain';
import { aCatalog, aReview, aTool } from '@reviews/domain/testing';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  handOverPublication,
  PublicationHandOver,
  type HandOverOptions,
} from '../../src/publication/publication-hand-over.js';
import {
  MESSAGES_AHEAD,
  TAKEN,
  type PublicationMessage,
} from '../../src/publication/publication-messages.js';

const work = mkdtempSync(path.join(tmpdir(), 'reviews-hand-over-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** 400 tools of about 900 UTF-16 units each: two slices of tools at least. */
const catalogOf = (word: string): CatalogDocument =>
  aCatalog(
    ...Array.from({ length: 400 }, (_, i) =>
      aTool()
        .withId(`tool-${i}`)
        .named(`${word} ${i}`)
        .describedAs(`${word} tool number ${i}. `.repeat(30))
        .inCategory(i % 3 === 0 ? 'Databases' : i % 3 === 1 ? 'Testing' : null)
        .withReviews(
          aReview().withId(`r-${i}-old`).reviewedOn('2026-01-02'),
          aReview()
            .withId(`r-${i}-new`)
            .reviewedOn(i % 7 === 0 ? '2026-01-02' : '2026-03-04'),
        ),
    ),
  );

/** Hands `source` over in this thread, every message recorded, the main thread always caught up. */
async function handedOver(
  source: FileCatalogSource,
  store?: FileIndexSnapshotStore,
  options: HandOverOptions = {},
) {
  const messages: PublicationMessage[] = [];
  const progress = new Int32Array(new SharedArrayBuffer(4));
  const port = {
    postMessage: (message: PublicationMessage) => {
      messages.push(structuredClone(message));
      Atomics.add(progress, TAKEN, 1);
    },
  };
  await handOverPublication(source, store, new PublicationHandOver(port, progress), options);
  return messages;
}

/** The publication the messages carry: the tools after the last `again`, then the index. */
function publicationOf(messages: readonly PublicationMessage[]): Publication {
  let tools: Tool[] = [];
  const terms: string[] = [];
  let head: Extract<PublicationMessage, { kind: 'head' }> | undefined;
  for (const message of messages) {
    if (message.kind === 'tools') tools.push(...message.tools);
    else if (message.kind === 'again') tools = [];
    else if (message.kind === 'head') head = message;
    else if (message.kind === 'terms') terms.push(...message.terms);
  }
  if (head === undefined) throw new Error('no head');
  const arriving = new ArrivingTools();
  for (const tool of tools) arriving.add(tool);
  const { id, publishedAt, index } = head;
  return Publication.fromArrivedTools(
    { id, publishedAt, index: { ...index, terms } },
    arriving.complete(head.toolCount),
  );
}

/** An index snapshot store in `work/<name>`, and the messages it has logged since last asked. */
function snapshotStore(name: string) {
  const logger = new RecordingLogger();
  const store = new FileIndexSnapshotStore(path.join(work, name), {
    identity: 'hand-over-test',
    logger,
  });
  return { store, logged: (): string[] => logger.lines.splice(0).map((line) => line.message) };
}

/**
 * The catalog file `file` as a source that answers `fingerprint()` for the content there, then
 * replaces it with `next` before it is read: the file changed between the two.
 */
function changedBeforeRead(file: string, next: CatalogDocument): FileCatalogSource {
  return new (class extends FileCatalogSource {
    override async fingerprint(): Promise<string> {
      const fingerprint = await super.fingerprint();
      writeFileSync(file, JSON.stringify(next));
      return fingerprint;
    }
  })(file);
}

/** The messages' kinds, runs of the same kind as one. */
const kindsOf = (messages: readonly PublicationMessage[]): string[] =>
  messages.map((m) => m.kind).filter((kind, i, all) => kind !== all[i - 1]);

/** The same publication: same tools (reviews in detail order) and the same answers. */
function expectSame(actual: Publication, expected: Publication): void {
  expect(actual.id).toBe(expected.id);
  expect(actual.tools).toEqual(expected.tools);
  for (const keywords of [['tool'], ['number', '12'], ['1'], ['zzz']]) {
    for (const category of [undefined, 'Databases']) {
      const request = { keywords, ...(category === undefined ? {} : { category }) };
      const hits = (p: Publication) =>
        p
          .search(request)
          .hits(0, 500)
          .map((hit) => [hit.tool.id, hit.excerpt ?? null]);
      expect(hits(actual)).toEqual(hits(expected));
    }
  }
  const browse = (p: Publication) =>
    p
      .search({ keywords: [] })
      .hits(0, 500)
      .map((hit) => hit.tool.id);
  expect(browse(actual)).toEqual(browse(expected));
}

describe('the publication worker hands a catalog file over as it reads it', () => {
  const file = path.join(work, 'catalog.json');
  const { store, logged } = snapshotStore('index-snapshots');

  it('sends every tool in slices, published, then an index of them that answers as publish does', async () => {
    const catalog = catalogOf('ember');
    writeFileSync(file, JSON.stringify(catalog));
    const source = new FileCatalogSource(file);
    const messages = await handedOver(source);

    expect(kindsOf(messages)).toEqual(['tools', 'head', 'terms', 'end']);
    expect(messages.filter((m) => m.kind === 'tools').length).toBeGreaterThan(1);
    const fingerprint = await source.fingerprint();
    expectSame(publicationOf(messages), Publication.publish(fingerprint, catalog));
  });

  it('sorts the postings in memory, and says so, when no temporary file can be made', async () => {
    const catalog = catalogOf('spark');
    writeFileSync(file, JSON.stringify(catalog));
    const source = new FileCatalogSource(file);
    const logger = new RecordingLogger();
    const temporaryDirectory = path.join(work, 'no-such-directory');
    const messages = await handedOver(source, undefined, { logger, temporaryDirectory });

    expect(logger.lines.map((line) => line.message)).toEqual([
      'cannot make a temporary file for the sorted postings; sorting them in memory',
    ]);
    expectSame(publicationOf(messages), Publication.publish(await source.fingerprint(), catalog));
  });

  it('indexes nothing when the store holds an index of the bytes about to be read', async () => {
    const catalog = catalogOf('cinder');
    writeFileSync(file, JSON.stringify(catalog));
    const source = new FileCatalogSource(file);
    await handedOver(source, store);
    expect(logged()).toEqual(['index snapshot written']);

    const messages = await handedOver(source, store);
    expect(logged()).toEqual(['index snapshot loaded']);
    expect(kindsOf(messages)).toEqual(['tools', 'head', 'terms', 'end']);
    expectSame(publicationOf(messages), Publication.publish(await source.fingerprint(), catalog));
  });

  it('reads again, indexing, when the file changed between its fingerprint and its reading', async () => {
    const before = catalogOf('flint');
    const after = catalogOf('tinder');
    writeFileSync(file, JSON.stringify(before));
    await handedOver(new FileCatalogSource(file), store);
    expect(logged()).toEqual(['index snapshot written']);

    const messages = await handedOver(changedBeforeRead(file, after), store);

    expect(kindsOf(messages)).toEqual(['tools', 'again', 'tools', 'head', 'terms', 'end']);
    expect(logged()).toEqual(['index snapshot written']);
    const fingerprint = await new FileCatalogSource(file).fingerprint();
    expectSame(publicationOf(messages), Publication.publish(fingerprint, after));
  });
});

describe('the publication worker trusts content it published before, and only that', () => {
  const file = path.join(work, 'vouched.json');
  const { store, logged } = snapshotStore('vouched-snapshots');
  /** Two tools sharing a review id: refused, unless vouched for by a snapshot of their bytes. */
  const repeats = aCatalog(
    aTool().withId('alpha').withReviews(aReview().withId('r-1')),
    aTool().withId('beta').withReviews(aReview().withId('r-1')),
  );

  it('reads and indexes again, still on trust, content whose saved index is damaged', async () => {
    writeFileSync(file, JSON.stringify(repeats));
    const source = new FileCatalogSource(file);
    const fingerprint = await source.fingerprint();
    mkdirSync(path.dirname(store.fileOf(fingerprint)), { recursive: true });
    writeFileSync(store.fileOf(fingerprint), '');

    const messages = await handedOver(source, store);

    // Two small tools: still one slice in the making at `again`, dropped unsent.
    expect(kindsOf(messages)).toEqual(['again', 'tools', 'head', 'terms', 'end']);
    expect(logged()).toEqual([
      'index snapshot rejected as damaged; indexing afresh and replacing it',
      'index snapshot written',
    ]);
    expect(publicationOf(messages).tools.map((tool) => tool.id)).toEqual(['alpha', 'beta']);
  });

  it('reports every problem, repeated ids included, of content that changed after vouching', async () => {
    const valid = aCatalog(aTool().withId('alpha'), aTool().withId('beta'));
    writeFileSync(file, JSON.stringify(valid));
    await handedOver(new FileCatalogSource(file), store);

    // Repeated ids and a nameless tool: read on trust, only the name would be reported.
    const invalid = aCatalog(...repeats.tools, aTool().withId('gamma').named(''));
    const failure = await handedOver(changedBeforeRead(file, invalid), store).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(CatalogInvalidError);
    expect((failure as CatalogInvalidError).problems).toEqual([
      {
        path: '$.tools[1].reviews[0].id',
        message: 'repeats the review id "r-1" of $.tools[0].reviews[0].id',
      },
      { path: '$.tools[2].name', message: 'must not be empty or blank' },
    ]);
  });
});

describe('the publication worker paces its messages', () => {
  it('waits, past MESSAGES_AHEAD messages not taken in, until the main thread takes one', async () => {
    const progress = new Int32Array(new SharedArrayBuffer(4));
    let sent = 0;
    const out = new PublicationHandOver({ postMessage: () => sent++ }, progress);
    for (let i = 0; i < MESSAGES_AHEAD; i++) out.send({ kind: 'end' });
    expect(sent).toBe(MESSAGES_AHEAD);

    // Another thread takes one message in 300 ms from now; until then, one more send waits.
    const taker = new Worker(
      `const { workerData } = require('node:worker_threads');
       setTimeout(() => {
         Atomics.add(workerData, 0, 1);
         Atomics.notify(workerData, 0);
       }, 300);`,
      { eval: true, workerData: progress },
    );
    const started = performance.now();
    out.send({ kind: 'end' });
    const waited = performance.now() - started;
    await taker.terminate();

    expect(sent).toBe(MESSAGES_AHEAD + 1);
    expect(waited).toBeGreaterThan(250);
    expect(Atomics.load(progress, TAKEN)).toBe(1);
  });
});
