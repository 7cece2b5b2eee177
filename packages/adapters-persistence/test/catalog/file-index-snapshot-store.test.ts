import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { SourcePublicationBuilder } from '@reviews/application';
import {
  parseSearchQuery,
  Publication,
  type CatalogDocument,
  type SearchIndexSnapshot,
  type SearchResultList,
} from '@reviews/domain';
import { aCatalog, aReview, aTool } from '@reviews/domain/testing';
import { copyFile, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogFileFingerprint } from '../../src/catalog/file-catalog-source.js';
import { FileIndexSnapshotStore } from '../../src/catalog/file-index-snapshot-store.js';

/** The built prefetch worker (`npx tsc -b` first): tests run the sources, which have none. */
const PREFETCH_WORKER = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../dist/catalog/index-snapshot-prefetch.worker.js',
);

/** Words that meet often, with non-ASCII, folding and punctuation traps. */
const WORDS = [
  'postgres',
  'PostgreSQL',
  'post',
  'node.js',
  'Node',
  'rust',
  'Rusty',
  'café',
  'Cafe',
  'fast',
  'faster',
  'slow',
  "don't",
  'Zürich',
  'ﬁle',
  'file',
  'snake_case',
  '3.11',
  'go-lang',
  'quokka',
  'Σίσυφος',
  'editor',
  'linter',
  'query',
  'queue',
  'cache',
  'cached',
  '日本語',
  'naïve',
  'zebra',
];
const CATEGORIES = ['Databases', 'Editors', 'Build tools', null];

/** A deterministic catalog of `count` tools (a small linear congruential generator picks words). */
function aGeneratedCatalog(count: number, seed = 7): CatalogDocument {
  let state = seed;
  const next = (n: number): number => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
  const words = (n: number): string =>
    Array.from({ length: 1 + next(n) }, () => WORDS[next(WORDS.length)]).join(' ');
  return aCatalog(
    ...Array.from({ length: count }, (_, i) =>
      aTool()
        .withId(`tool-${i}`)
        .named(`${words(3)} ${i}`)
        .describedAs(words(12))
        .inCategory(CATEGORIES[next(CATEGORIES.length)] ?? null)
        .withReviews(
          ...Array.from({ length: next(4) }, (_, r) =>
            aReview()
              .withId(`tool-${i}-r${r}`)
              .reviewedOn(`2025-0${1 + next(9)}-1${next(10)}`)
              .withLikes(words(40))
              .withDislikes(words(10)),
          ),
        ),
    ),
  );
}

const keywordsOf = (q: string): readonly string[] => {
  const parsed = parseSearchQuery(q);
  return parsed.ok ? parsed.value : [];
};

const everything = (list: SearchResultList) =>
  list.hits(0, list.total).map((hit) => [hit.tool.id, hit.excerpt ?? null]);

interface Line {
  readonly fields: Record<string, unknown>;
  readonly message: string;
}
class RecordingLogger {
  readonly infos: Line[] = [];
  readonly warnings: Line[] = [];
  info(fields: Record<string, unknown>, message: string): void {
    this.infos.push({ fields, message });
  }
  warn(fields: Record<string, unknown>, message: string): void {
    this.warnings.push({ fields, message });
  }
}

let directory: string;
let logger: RecordingLogger;
const storeOf = (identity = 'a'.repeat(64), keep?: number) =>
  new FileIndexSnapshotStore(directory, {
    identity,
    logger,
    ...(keep === undefined ? {} : { keep }),
  });

beforeEach(async () => {
  directory = join(await mkdtemp(join(tmpdir(), 'index-snapshots-')), 'index-snapshots');
  logger = new RecordingLogger();
});
afterEach(async () => {
  await rm(join(directory, '..'), { recursive: true, force: true });
});

const document = aGeneratedCatalog(400);
const fresh = Publication.publish('f1', document);
const index = (): SearchIndexSnapshot => fresh.snapshot().index;

/** Saves the fresh index under `f1` and returns the file it went to. */
async function saved(store = storeOf()): Promise<string> {
  await store.save('f1', index());
  return store.fileOf('f1');
}

describe('FileIndexSnapshotStore', () => {
  it('gives back an index that answers every search, excerpt and browse list as the fresh one does', async () => {
    const store = storeOf();
    await saved(store);
    const loaded = await store.load('f1', document.tools.length);
    expect(loaded).toBeDefined();
    const again = Publication.publish('f1', document, loaded);

    const requests = [
      ...WORDS.flatMap((word) => [word.toLowerCase(), word.slice(0, 1), word.slice(0, 2)]),
      'post rust',
      'node fast',
      'caf',
      'zü',
      'σί',
      'q',
      'tool',
    ].flatMap((q) =>
      [undefined, 'Databases', 'Editors'].map((category) => ({
        keywords: keywordsOf(q),
        category,
      })),
    );
    requests.push({ keywords: [], category: undefined }, { keywords: [], category: 'Build tools' });
    let hits = 0;
    for (const request of requests) {
      const expected = everything(fresh.search(request));
      hits += expected.length;
      expect(everything(again.search(request))).toEqual(expected);
    }
    expect(hits).toBeGreaterThan(10_000);
    expect(again.categoryCounts()).toEqual(fresh.categoryCounts());
    expect(again.snapshot().index).toEqual(fresh.snapshot().index);
    expect(logger.warnings).toEqual([]);
    expect(logger.infos.map((line) => line.message)).toEqual([
      'index snapshot written',
      'index snapshot loaded',
    ]);
  });

  it('round-trips an empty index', async () => {
    const empty = Publication.publish('e', aCatalog()).snapshot().index;
    const store = storeOf();
    await store.save('e', empty);
    expect(await store.load('e', 0)).toEqual(empty);
  });

  it('answers undefined, without a warning, when there is no snapshot', async () => {
    expect(await storeOf().load('f1', 400)).toBeUndefined();
    expect(logger.warnings).toEqual([]);
  });

  it.each([
    ['truncated', (bytes: Buffer) => bytes.subarray(0, bytes.length - 100)],
    ['truncated inside the header', (bytes: Buffer) => bytes.subarray(0, 40)],
    [
      'a flipped byte in the postings',
      (bytes: Buffer) => flip(bytes, Math.floor(bytes.length / 2)),
    ],
    ['a flipped byte in the terms', (bytes: Buffer) => flip(bytes, bytes.length - 3)],
    ['a header that is not JSON', (bytes: Buffer) => flip(bytes, 17, 0x78)],
    ['a header whose identity field is damaged', (bytes: Buffer) => flip(bytes, 20, 0x7b)],
    ['not a snapshot at all', () => Buffer.from('{"tools": []}')],
    ['empty', () => Buffer.alloc(0)],
    ['a byte appended', (bytes: Buffer) => Buffer.concat([bytes, Buffer.from([0])])],
  ])(
    'rejects a damaged file (%s) with a warning, and a fresh save replaces it',
    async (_, damage) => {
      const store = storeOf();
      const file = await saved(store);
      await writeFile(file, damage(await readFile(file)));

      expect(await store.load('f1', 400)).toBeUndefined();
      expect(logger.warnings).toHaveLength(1);
      expect(logger.warnings[0]?.message).toMatch(/index snapshot rejected as damaged/);
      expect(logger.warnings[0]?.fields).toMatchObject({ file });

      await store.save('f1', index());
      expect(await store.load('f1', 400)).toEqual(index());
    },
  );

  it('never uses a snapshot of other indexing code, even under its name', async () => {
    const other = await saved(storeOf('b'.repeat(64)));
    const store = storeOf();
    expect(await store.load('f1', 400)).toBeUndefined(); // other code: another file name
    await copyFile(other, store.fileOf('f1'));
    expect(await store.load('f1', 400)).toBeUndefined();
    expect(logger.infos.at(-1)?.fields).toMatchObject({ reason: 'written by other indexing code' });
  });

  it('holds a fingerprint once its snapshot is written, by this code only', async () => {
    const store = storeOf();
    expect(store.holds('f1')).toBe(false);

    await saved(store);

    expect(store.holds('f1')).toBe(true);
    expect(store.holds('f2')).toBe(false);
    expect(storeOf('b'.repeat(64)).holds('f1')).toBe(false);
  });

  it('holds any snapshot once one of any content is written, by this code only', async () => {
    const store = storeOf();
    expect(store.holdsAny()).toBe(false); // the directory does not exist yet

    await saved(store);

    expect(store.holdsAny()).toBe(true);
    expect(storeOf('b'.repeat(64)).holdsAny()).toBe(false);
  });

  it('never uses a snapshot of another fingerprint or another number of tools', async () => {
    const store = storeOf();
    const file = await saved(store);
    await copyFile(file, store.fileOf('f2'));
    expect(await store.load('f2', 400)).toBeUndefined();
    expect(await store.load('f1', 399)).toBeUndefined();
    expect(logger.warnings.length + logger.infos.length).toBe(3); // written, then one line each
  });

  it('never uses a file of another format version', async () => {
    const store = storeOf();
    const file = await saved(store);
    const bytes = await readFile(file);
    bytes.write('RVIDX000', 0, 'latin1');
    await writeFile(file, bytes);
    expect(await store.load('f1', 400)).toBeUndefined();
  });

  it('only warns when it cannot write, and leaves no temporary file', async () => {
    // Root ignores a read-only mode, so the directory is made impossible instead: a file is in
    // the way of creating it.
    await writeFile(join(directory, '..', 'in-the-way'), 'a file');
    const blocked = new FileIndexSnapshotStore(join(directory, '..', 'in-the-way', 'snapshots'), {
      identity: 'a',
      logger,
    });
    await expect(blocked.save('f1', index())).resolves.toBeUndefined();
    expect(logger.warnings.map((line) => line.message)).toEqual([
      'cannot write the index snapshot; the next start will index afresh',
    ]);
  });

  it('leaves no temporary file when a write fails half-way', async () => {
    const broken = { ...index(), terms: ['a', 'line\nbreak'] };
    await storeOf().save('f1', broken);
    expect(logger.warnings.map((line) => line.message)).toEqual([
      'cannot write the index snapshot; the next start will index afresh',
    ]);
    expect(await readdir(directory)).toEqual([]);
  });

  it('waits for writesAfter before writing', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const store = new FileIndexSnapshotStore(directory, {
      identity: 'c',
      logger,
      writesAfter: gate,
    });
    const saving = store.save('f1', index());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logger.infos).toEqual([]);
    open();
    await saving;
    expect(await store.load('f1', 400)).toBeDefined();
  });

  it('on close, drops a save still waiting for writesAfter without touching the directory', async () => {
    const never = new Promise<void>(() => undefined);
    const store = new FileIndexSnapshotStore(directory, {
      identity: 'c',
      logger,
      writesAfter: never,
    });
    const saving = store.save('f1', index());
    await store.close();
    await saving;
    await store.save('f2', index());
    await expect(readdir(directory)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(logger.infos).toEqual([]);
    expect(logger.warnings).toEqual([]);
  });

  it('on close, waits for a write under way to finish, so none outlives the service', async () => {
    const store = storeOf();
    const saving = store.save('f1', index());
    // Nothing gates the write: one turn of the event loop and it has started. Close must not
    // resolve before the file is in place.
    await new Promise((resolve) => setImmediate(resolve));
    await store.close();
    expect(await readdir(directory)).toEqual([store.fileOf('f1').split('/').pop()]);
    expect(logger.infos.map((line) => line.message)).toEqual(['index snapshot written']);
    await saving;
  });

  it('keeps the newest snapshots and removes older ones and stale temporary files', async () => {
    const store = storeOf('a'.repeat(64), 2);
    const small = Publication.publish('s', aCatalog(aTool())).snapshot().index;
    await store.save('old', small);
    await store.save('middle', small);
    const past = new Date(Date.now() - 2 * 3_600_000);
    await utimes(store.fileOf('old'), past, past);
    await writeFile(join(directory, 'x.idx.1-0-ab.tmp'), 'left by a writer that died');
    await utimes(join(directory, 'x.idx.1-0-ab.tmp'), past, past);
    await store.save('new', small);
    expect((await readdir(directory)).sort()).toEqual(
      [store.fileOf('middle'), store.fileOf('new')]
        .map((file) => file.slice(directory.length + 1))
        .sort(),
    );
  });

  it('lets a publication builder skip indexing (and saving) when the content is unchanged', async () => {
    const source = { load: async () => ({ document, fingerprint: 'f1' }) };
    const files = storeOf();
    const saves: string[] = [];
    const store = {
      load: (fingerprint: string, tools: number) => files.load(fingerprint, tools),
      save: (fingerprint: string, built: SearchIndexSnapshot) => {
        saves.push(fingerprint);
        return files.save(fingerprint, built);
      },
    };
    const options = { indexSnapshots: store, awaitSave: true };
    const first = await new SourcePublicationBuilder(source, options).build();
    const second = await new SourcePublicationBuilder(source, options).build();
    expect(saves).toEqual(['f1']);
    expect(logger.infos.map((line) => line.message)).toEqual([
      'index snapshot written',
      'index snapshot loaded',
    ]);
    const request = { keywords: ['post'] };
    expect(everything(second.search(request))).toEqual(everything(first.search(request)));
  });
});

describe('FileIndexSnapshotStore.prefetch', () => {
  /** A catalog file (its content does not matter here, only its fingerprint) and that fingerprint. */
  async function aCatalogFile(text: string): Promise<{ file: string; fingerprint: string }> {
    const file = join(directory, '..', `${text}.json`);
    await writeFile(file, text);
    return { file, fingerprint: catalogFileFingerprint(file) };
  }

  it('reads ahead the snapshot of the catalog file, which load then gives back', async () => {
    const { file, fingerprint } = await aCatalogFile('catalog A');
    await storeOf().save(fingerprint, index());
    const store = storeOf();
    store.prefetch(file, PREFETCH_WORKER);

    expect(await store.load(fingerprint, 400)).toEqual(index());
    expect(logger.infos.at(-1)).toMatchObject({
      message: 'index snapshot loaded',
      fields: { prefetched: true },
    });
  });

  it('uses what it read ahead only for that fingerprint, and only once', async () => {
    const a = await aCatalogFile('catalog A');
    const b = await aCatalogFile('catalog B');
    const other = Publication.publish('f2', aGeneratedCatalog(400, 11)).snapshot().index;
    await storeOf().save(a.fingerprint, index());
    await storeOf().save(b.fingerprint, other);
    const store = storeOf();
    store.prefetch(a.file, PREFETCH_WORKER);

    // The catalog changed between the prefetch and the read: B's own snapshot, read afresh.
    expect(await store.load(b.fingerprint, 400)).toEqual(other);
    expect(logger.infos.at(-1)?.fields).not.toHaveProperty('prefetched');
    expect(await store.load(a.fingerprint, 400)).toEqual(index());
    expect(logger.infos.at(-1)?.fields).not.toHaveProperty('prefetched');
  });

  it('falls back to reading, with the same answer and lines, when what it read does not fit', async () => {
    const { file, fingerprint } = await aCatalogFile('catalog A');
    await storeOf().save(fingerprint, index());
    const store = storeOf();
    store.prefetch(file, PREFETCH_WORKER);

    expect(await store.load(fingerprint, 399)).toBeUndefined();
    expect(logger.warnings).toHaveLength(1);
    expect(logger.warnings[0]?.fields).toMatchObject({
      reason: 'the header does not describe an index of these tools',
    });
  });

  it('answers undefined without a warning when there is no snapshot to read ahead', async () => {
    const { file, fingerprint } = await aCatalogFile('catalog A');
    const store = storeOf();
    store.prefetch(file, PREFETCH_WORKER);
    expect(await store.load(fingerprint, 400)).toBeUndefined();
    expect(logger.warnings).toEqual([]);
  });
});

function flip(bytes: Buffer, at: number, value?: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] = value ?? (copy[at] as number) ^ 0xff;
  return copy;
}
