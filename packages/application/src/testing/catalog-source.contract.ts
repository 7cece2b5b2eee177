import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { CatalogInvalidError, type CatalogSource } from '../index.js';
import type { Tool } from '@reviews/domain';
import { aCatalog, aReview, aStackTag, aTool } from '@reviews/domain/testing';

/**
 * A catalog source under test. `publish` makes a raw document (docs/cli.md#catalog-format, valid or
 * not) what the source reads next: for a file, its bytes; for MongoDB, a publication (through the
 * adapter's `publish` when valid, written as stored documents when not, as another tool or version
 * might have left them). `nothingPublished` is a source with nothing to read.
 */
interface CatalogSourceUnderTest {
  readonly source: CatalogSource;
  readonly publish: (raw: unknown) => Promise<void>;
  readonly nothingPublished: () => CatalogSource;
  readonly close: () => Promise<void>;
}

/** The `CatalogSource` contract (port JSDoc), run against the file and the MongoDB sources. */
export function describeCatalogSourceContract(
  name: string,
  factory: () => Promise<CatalogSourceUnderTest>,
): void {
  describe(`${name} (CatalogSource contract)`, () => {
    let subject: CatalogSourceUnderTest;

    beforeEach(async () => {
      subject = await factory();
    });

    afterEach(async () => {
      await subject.close();
    });

    it('loads what was published, into the domain document', async () => {
      const catalog = aCatalog(
        aTool().withId('quillsort').withReviews(aReview().withId('qs-1'), aReview().withId('qs-2')),
        aTool().withId('harborlint').inCategory(null).withStackTags(aStackTag('Rust')),
        aTool().withId('tricky').describedAs('Quotes " \\ ]} naïve 日本語 🧪 \u2028 end'),
      );
      await subject.publish(catalog);

      expect((await subject.source.load()).document).toEqual(catalog);
    });

    it("tells its observer of every tool, in document order, as the document's own objects", async () => {
      const catalog = aCatalog(
        aTool().withId('first').withReviews(aReview().withId('f-1')),
        aTool().withId('second').inCategory(null),
        aTool().withId('third').withStackTags(aStackTag('Go')),
      );
      await subject.publish(catalog);
      const observed: Tool[] = [];

      const { document } = await subject.source.load((tool) => observed.push(tool));

      expect(document).toEqual(catalog);
      expect(observed).toHaveLength(3);
      observed.forEach((tool, i) => expect(tool).toBe(document.tools[i]));
    });

    it('loads an empty catalog', async () => {
      await subject.publish(aCatalog());

      expect((await subject.source.load()).document.tools).toEqual([]);
    });

    it('gives equal content the same fingerprint and changed content a new one', async () => {
      const catalog = aCatalog(aTool().withId('one'), aTool().withId('two'));
      await subject.publish(catalog);
      const first = (await subject.source.load()).fingerprint;
      expect((await subject.source.load()).fingerprint).toBe(first);

      await subject.publish({ ...catalog, tools: [catalog.tools[0]] });
      const changed = (await subject.source.load()).fingerprint;
      expect(changed).not.toBe(first);

      await subject.publish(catalog);
      expect((await subject.source.load()).fingerprint).toBe(first);
    });

    it('reads a newer publication on the next load', async () => {
      await subject.publish(aCatalog(aTool().withId('old-tool')));
      await subject.source.load();
      await subject.publish(aCatalog(aTool().withId('new-tool')));

      const ids = (await subject.source.load()).document.tools.map((t) => t.id);
      expect(ids).toEqual(['new-tool']);
    });

    it('ignores the derived members of an export (url, markdownUrl)', async () => {
      const catalog = aCatalog(aTool().withId('exported').withReviews(aReview().withId('r-1')));
      const [tool] = catalog.tools;
      await subject.publish({
        ...catalog,
        historicalNotice: 'notice',
        tools: [
          {
            ...tool,
            url: 'https://x.example/tools/exported',
            markdownUrl: 'https://x.example/tools/exported.md',
            reviews: tool!.reviews.map((r) => ({ ...r, url: 'https://x.example/r' })),
          },
        ],
      });

      expect((await subject.source.load()).document).toEqual(catalog);
    });

    it('rejects content that breaks the catalog format with every problem and its JSON path', async () => {
      const catalog = aCatalog(aTool().withId('fine'), aTool().withId('broken'));
      const broken = catalog.tools[1]!;
      await subject.publish({
        ...catalog,
        tools: [
          catalog.tools[0],
          { ...broken, reviews: [{ ...aReview().build(), reviewedOn: '2026-13-45' }] },
          { ...broken, id: 'Not A Slug' },
        ],
      });

      const error = await subject.source.load().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(CatalogInvalidError);
      const paths = (error as CatalogInvalidError).problems.map((p) => p.path);
      expect(paths).toEqual(
        expect.arrayContaining(['$.tools[1].reviews[0].reviewedOn', '$.tools[2].id']),
      );
    });

    it('rejects with an error that is not CatalogInvalidError when there is nothing to read', async () => {
      const error = await subject
        .nothingPublished()
        .load()
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(CatalogInvalidError);
    });
  });
}
