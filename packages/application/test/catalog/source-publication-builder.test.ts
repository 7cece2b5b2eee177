import { describe, expect, it } from '@jest/globals';
import {
  finishIndexedPostings,
  forEachSearchedText,
  PostingsCollector,
  Publication,
  type CatalogDocument,
  type IndexedPostings,
  type SearchIndexSnapshot,
  type Tool,
} from '@reviews/domain';
import { aCatalog, aReview, aTool } from '@reviews/domain/testing';
import { CatalogInvalidError } from '../../src/catalog/catalog-invalid.error.js';
import type {
  CatalogSource,
  LoadedCatalog,
  ToolObserver,
} from '../../src/catalog/catalog-source.port.js';
import type { IndexSnapshotStore } from '../../src/catalog/index-snapshot-store.port.js';
import {
  SourcePublicationBuilder,
  type IndexingAhead,
} from '../../src/catalog/publication-builder.port.js';

/** A source that tells its observer of each tool, then answers or fails as scripted. */
class ObservedSource implements CatalogSource {
  constructor(
    private readonly document: CatalogDocument,
    private readonly failure?: Error,
  ) {}
  load(observer?: ToolObserver): Promise<LoadedCatalog> {
    for (const tool of this.document.tools) observer?.(tool);
    if (this.failure !== undefined) return Promise.reject(this.failure);
    return Promise.resolve({ document: this.document, fingerprint: 'f1' });
  }
}

/** Indexes on this thread what it is given, and records what it was asked. */
class RecordingIndexingAhead implements IndexingAhead {
  readonly added: Tool[] = [];
  readonly calls: string[] = [];
  given: IndexedPostings | undefined;
  private readonly collector = new PostingsCollector();
  constructor(private readonly fails = false) {}
  add(tool: Tool): void {
    this.added.push(tool);
    this.collector.startTool();
    forEachSearchedText(tool, (field, text) => this.collector.addText(field, text));
  }
  finish(): Promise<IndexedPostings> {
    this.calls.push('finish');
    if (this.fails) return Promise.reject(new Error('the indexing thread died'));
    this.given = finishIndexedPostings(this.collector);
    return Promise.resolve(this.given);
  }
  cancel(): Promise<void> {
    this.calls.push('cancel');
    return Promise.resolve();
  }
}

/** A store that holds what it was given, keyed by fingerprint. */
class MemoryStore implements IndexSnapshotStore {
  readonly saved = new Map<string, SearchIndexSnapshot>();
  load(fingerprint: string): Promise<SearchIndexSnapshot | undefined> {
    return Promise.resolve(this.saved.get(fingerprint));
  }
  save(fingerprint: string, index: SearchIndexSnapshot): Promise<void> {
    this.saved.set(fingerprint, index);
    return Promise.resolve();
  }
}

const document = aCatalog(
  aTool().withId('alpha').named('Alpha Postgres').withReviews(aReview().build()).build(),
  aTool().withId('beta').named('Beta Editor').describedAs('Fast Rust editor').build(),
);

/** Builds from `source` with `ahead`, which is asked for its postings and not used. */
async function expectIndexedHere(source: CatalogSource, ahead: RecordingIndexingAhead) {
  const publication = await new SourcePublicationBuilder(source, {
    indexingAhead: () => ahead,
  }).build();
  expect(ahead.calls).toEqual(['finish']);
  expect(publication.snapshot()).toEqual(Publication.publish('f1', document).snapshot());
}

describe('SourcePublicationBuilder with indexing ahead', () => {
  it('hands it every tool as read and publishes with its postings', async () => {
    const ahead = new RecordingIndexingAhead();
    const store = new MemoryStore();
    const publication = await new SourcePublicationBuilder(new ObservedSource(document), {
      indexingAhead: () => ahead,
      indexSnapshots: store,
    }).build();
    expect(ahead.added).toEqual(document.tools);
    expect(ahead.calls).toEqual(['finish']);
    // Its arrays are the publication's own: nothing was indexed again here.
    expect(publication.snapshot().index.postings).toBe(ahead.given?.postings);
    const expected = Publication.publish('f1', document).snapshot();
    expect(publication.snapshot()).toEqual(expected);
    expect(store.saved.get('f1')).toEqual(expected.index);
  });

  it('indexes itself when the postings cannot be had', async () => {
    const ahead = new RecordingIndexingAhead(true);
    await expectIndexedHere(new ObservedSource(document), ahead);
  });

  it('indexes itself when the postings are not of this catalog', async () => {
    const ahead = new RecordingIndexingAhead();
    ahead.add(document.tools[0] as Tool);
    // A source that tells no one of its tools: the postings above are of one tool, not two.
    const silent: CatalogSource = {
      load: () => Promise.resolve({ document, fingerprint: 'f1' }),
    };
    await expectIndexedHere(silent, ahead);
  });

  it('cancels it when the catalog is not valid', async () => {
    const ahead = new RecordingIndexingAhead();
    const invalid = new CatalogInvalidError([{ path: '$.tools[1].id', message: 'is repeated' }]);
    const build = new SourcePublicationBuilder(new ObservedSource(document, invalid), {
      indexingAhead: () => ahead,
    }).build();
    await expect(build).rejects.toBe(invalid);
    expect(ahead.calls).toEqual(['cancel']);
  });

  it('cancels it when the index snapshot of this content serves instead', async () => {
    const store = new MemoryStore();
    await store.save('f1', Publication.publish('f1', document).snapshot().index);
    const ahead = new RecordingIndexingAhead();
    const publication = await new SourcePublicationBuilder(new ObservedSource(document), {
      indexingAhead: () => ahead,
      indexSnapshots: store,
    }).build();
    expect(ahead.calls).toEqual(['cancel']);
    expect(publication.snapshot()).toEqual(Publication.publish('f1', document).snapshot());
  });
});
