import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { CatalogInvalidError, type CatalogProblem } from '@reviews/application';
import type { Tool } from '@reviews/domain';
import { aCatalog, aReview, aStackTag, aTool, type ToolBuilder } from '@reviews/domain/testing';
import {
  catalogFileFingerprint,
  FileCatalogSource,
} from '../../src/catalog/file-catalog-source.js';
import { aScratchDirectory } from './catalog-files.js';

let scratch: Awaited<ReturnType<typeof aScratchDirectory>>;
beforeEach(async () => {
  scratch = await aScratchDirectory();
});
afterEach(async () => {
  await scratch.remove();
});

/** Text with quotes, backslashes, brackets, non-ASCII and a line separator: hard to split. */
const tricky = 'He said "fast" \\ then ]} and {[ — naïve 日本語 🧪 \u2028 done\\';

/** Two tools holding `tricky` and other awkward values, then `more`. */
const trickyCatalog = (...more: ToolBuilder[]) =>
  aCatalog(
    aTool()
      .withId('quillsort')
      .describedAs(tricky)
      .withReviews(aReview().withId('qs-1').withLikes(tricky), aReview().withId('qs-2')),
    aTool().withId('harborlint').named('}{').withStackTags(aStackTag('Rust')),
    ...more,
  );

const problemsOf = async (
  path: string,
  chunkBytes?: number,
): Promise<readonly CatalogProblem[]> => {
  const error = await new FileCatalogSource(path, { chunkBytes }).load().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CatalogInvalidError);
  return (error as CatalogInvalidError).problems;
};

/** A catalog whose only problem is a review id used twice. */
function repeatedReviewIds(): string {
  return JSON.stringify(
    aCatalog(
      aTool().withId('quillsort').withReviews(aReview().withId('r-1')),
      aTool().withId('harborlint').withReviews(aReview().withId('r-1')),
    ),
  );
}
describe('FileCatalogSource', () => {
  it('loads a valid catalog file into the domain document', async () => {
    const catalog = aCatalog(
      aTool().withId('quillsort').withReviews(aReview().withId('qs-1'), aReview().withId('qs-2')),
      aTool().withId('harborlint').inCategory(null).withStackTags(aStackTag('Rust')),
    );
    const path = await scratch.write('catalog.json', catalog);

    const loaded = await new FileCatalogSource(path).load();

    expect(loaded.document).toEqual(catalog);
  });

  it('loads an empty catalog', async () => {
    const path = await scratch.write('empty.json', aCatalog());

    expect((await new FileCatalogSource(path).load()).document.tools).toEqual([]);
  });

  it('reads texts holding quotes, backslashes, brackets and non-ASCII characters exactly', async () => {
    const catalog = aCatalog(
      aTool().describedAs(tricky).withReviews(aReview().withLikes(tricky).withDislikes('"]')),
      aTool().named('}{'),
    );
    const path = await scratch.write('tricky.json', JSON.stringify(catalog));

    expect((await new FileCatalogSource(path).load()).document).toEqual(catalog);
  });

  it('accepts a leading byte-order mark and any member order', async () => {
    const { tools, ...header } = aCatalog(aTool());
    const path = await scratch.write('bom.json', `\uFEFF${JSON.stringify({ tools, ...header })}`);

    expect((await new FileCatalogSource(path).load()).document).toEqual(aCatalog(...tools));
  });

  it('imports its own export: the derived members are accepted and ignored', async () => {
    const catalog = aCatalog(aTool().withId('quillsort').withReviews(aReview().withId('qs-1')));
    const exported = {
      ...catalog,
      tools: catalog.tools.map((tool) => ({
        ...tool,
        url: `https://reviews.example/tools/${tool.id}`,
        markdownUrl: `https://reviews.example/tools/${tool.id}.md`,
        reviews: tool.reviews.map((review) => ({
          ...review,
          url: `https://reviews.example/tools/${tool.id}/reviews/${review.id}`,
        })),
      })),
      historicalNotice: 'Historical reviews reflect the assessment at publication.',
      rights: { copyrightHolder: 'Sample Desk', copyrightYear: 2026 },
    };
    const path = await scratch.write('export.json', exported);

    expect((await new FileCatalogSource(path).load()).document).toEqual(catalog);
  });

  it('reports every problem of a file with its path, tools read one by one', async () => {
    const catalog = aCatalog(
      aTool().withId('dup'),
      aTool().withId('dup').withReviews(aReview().reviewedOn('2026-02-30')),
    );
    const path = await scratch.write('invalid.json', { ...catalog, schemaVersion: 3 });

    expect(await problemsOf(path)).toEqual([
      { path: '$.schemaVersion', message: 'must be 1' },
      {
        path: '$.tools[1].reviews[0].reviewedOn',
        message: 'must be a calendar date YYYY-MM-DD that exists',
      },
      {
        path: '$.tools[1].reviews[0].updatedAt',
        message: expect.stringContaining('must be a UTC date-time'),
      },
      { path: '$.tools[1].id', message: 'repeats the tool id "dup" of $.tools[0].id' },
    ]);
  });

  it('reports a top-level member given twice', async () => {
    const path = await scratch.write(
      'twice.json',
      '{"schemaVersion":1,"publishedAt":"2026-11-16T09:00:00Z","tools":[],"tools":[]}',
    );

    expect(await problemsOf(path)).toEqual([
      { path: '$.tools', message: 'appears more than once in the top-level object' },
    ]);
  });

  const syntaxErrors: [string, string, string][] = [
    [
      'a value is missing',
      '{\n  "schemaVersion": 1,\n  "tools": [{"id": }]\n}',
      "Unexpected token '}' at line 3, column 20",
    ],
    [
      'a comma trails',
      '{"schemaVersion": 1, "tools": [{"id": "a",}]}',
      'Expected double-quoted property name at line 1, column 43',
    ],
    [
      'the file stops early',
      '{"schemaVersion": 1, "tools": [{"id": "a"}',
      'Unexpected end of JSON input at line 1, column 43',
    ],
    ['a string is not closed', '{"tools": ["abc', 'Unterminated string at line 1, column 16'],
    [
      'text follows the document',
      '{"tools": []} x',
      'Unexpected non-whitespace character after JSON at line 1, column 15',
    ],
    ['the file is empty', '', 'Unexpected end of JSON input at line 1, column 1'],
    ['a root scalar is broken', 'tru', 'Unexpected end of JSON input at line 1, column 4'],
    [
      'a top-level member lacks its colon',
      '{"tools" []}',
      "Expected ':' after property name at line 1, column 10",
    ],
    [
      'a non-ASCII text precedes the error',
      '{"tools": [{"name": "日本語", x}]}',
      'Expected double-quoted property name at line 1, column 28',
    ],
    [
      'the error is on a later line, after non-ASCII text',
      '{"tools": [\n  {"name": "naïve 🧪"},\n  {"日": x}\n]}',
      "Unexpected token 'x' at line 3, column 9",
    ],
  ];

  it.each(syntaxErrors)(
    'reports one problem at $ with line and column when %s',
    async (_, content, expected) => {
      const path = await scratch.write('broken.json', content);

      expect(await problemsOf(path)).toEqual([
        { path: '$', message: `is not valid JSON: ${expected}` },
      ]);
    },
  );

  it.each(syntaxErrors)(
    'reports the same line and column when the file is read in tiny chunks and %s',
    async (_, content, expected) => {
      const path = await scratch.write('broken.json', content);

      for (const chunkBytes of [1, 2, 3, 5]) {
        expect(await problemsOf(path, chunkBytes)).toEqual([
          { path: '$', message: `is not valid JSON: ${expected}` },
        ]);
      }
    },
  );

  it('reads the same document and fingerprint in chunks of any size, values split across them', async () => {
    const catalog = trickyCatalog();
    for (const pretty of [undefined, 2]) {
      const content = `\uFEFF${JSON.stringify(catalog, null, pretty)}\n`;
      const path = await scratch.write('chunked.json', content);
      const whole = await new FileCatalogSource(path).load();

      for (const chunkBytes of [1, 2, 3, 4, 7, 64, 1000]) {
        const chunked = await new FileCatalogSource(path, { chunkBytes }).load();
        expect(chunked.document).toEqual(catalog);
        expect(chunked.fingerprint).toBe(whole.fingerprint);
      }
      expect(whole.fingerprint).toBe(
        createHash('sha256').update(content).digest('hex').slice(0, 16),
      );
    }
  });

  it('streams the tools it loads, keeping none: same tools in order, header and fingerprint', async () => {
    const catalog = trickyCatalog(aTool().withId('emptyhand'));
    const path = await scratch.write('streamed.json', `${JSON.stringify(catalog, null, 2)}\n`);
    const loaded = await new FileCatalogSource(path).load();
    for (const chunkBytes of [3, 64, undefined]) {
      const source = new FileCatalogSource(path, chunkBytes === undefined ? {} : { chunkBytes });
      const observed: Tool[] = [];
      const streamed = await source.stream((tool) => observed.push(tool));
      expect(observed).toEqual(loaded.document.tools);
      expect(streamed).toEqual({
        header: { schemaVersion: catalog.schemaVersion, publishedAt: catalog.publishedAt },
        toolCount: 3,
        fingerprint: loaded.fingerprint,
      });
      expect(await source.fingerprint()).toBe(loaded.fingerprint);
    }
  });

  it('streams an invalid catalog to the same problems as it loads it, repeated ids included', async () => {
    const content = JSON.stringify({
      schemaVersion: 1,
      publishedAt: 'yesterday',
      tools: [
        aTool().withId('dup').withReviews(aReview().withId('r-1')).build(),
        { ...aTool().withId('dup').build(), website: 'not a url' },
        aTool().withId('other').withReviews(aReview().withId('r-1')).build(),
      ],
    });
    const path = await scratch.write('invalid-streamed.json', content);
    const loaded = await problemsOf(path);
    const streamed = await new FileCatalogSource(path)
      .stream(() => undefined)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(streamed).toBeInstanceOf(CatalogInvalidError);
    expect((streamed as CatalogInvalidError).problems).toEqual(loaded);
    expect(loaded.map((problem) => problem.path)).toEqual([
      '$.publishedAt',
      '$.tools[1].website',
      '$.tools[1].id',
      '$.tools[2].reviews[0].id',
    ]);
  });

  it('streams content vouched for without looking for repeated ids, and says what it read', async () => {
    const repeats = repeatedReviewIds();
    const path = await scratch.write('vouched.json', repeats);
    const source = new FileCatalogSource(path);
    const fingerprint = await source.fingerprint();
    const observed: string[] = [];
    const streamed = await source.stream((tool) => observed.push(tool.id), fingerprint);
    expect(observed).toEqual(['quillsort', 'harborlint']);
    expect(streamed.fingerprint).toBe(fingerprint);
    // Vouched for or not, the other checks are made.
    await scratch.write('vouched.json', repeats.replace('"quillsort"', '""'));
    const refused = await source.stream(() => undefined, fingerprint).catch((e: unknown) => e);
    expect((refused as CatalogInvalidError).problems.map((p) => p.path)).toEqual(['$.tools[0].id']);
  });

  it('reports the same validation problems when read in tiny chunks', async () => {
    const content = JSON.stringify({
      schemaVersion: 1,
      publishedAt: 'yesterday',
      tools: [
        { ...aTool().withId('dup').build(), website: 'not a url' },
        aTool().withId('dup').build(),
      ],
    });
    const path = await scratch.write('invalid.json', content);

    const whole = await problemsOf(path);
    expect(whole.length).toBeGreaterThan(1);
    for (const chunkBytes of [1, 3, 11]) expect(await problemsOf(path, chunkBytes)).toEqual(whole);
  });

  it('reports bytes that are not UTF-8', async () => {
    const path = await scratch.write(
      'latin1.json',
      Buffer.from('{"tools": [{"name": "caf\xe9"}]}', 'latin1'),
    );

    expect(await problemsOf(path)).toEqual([
      { path: '$', message: 'is not valid JSON: The text is not valid UTF-8 at line 1, column 12' },
    ]);
  });

  it('fails with a plain error naming the file when it does not exist', async () => {
    const missing = `${await scratch.write('present.json', '{}')}.missing`;

    const error = await new FileCatalogSource(missing).load().then(
      () => undefined,
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(CatalogInvalidError);
    expect((error as Error).message).toBe(
      `Cannot read the catalog file ${missing}: the file does not exist`,
    );
  });

  it('fingerprints the file bytes: same content, same fingerprint; any change, another', async () => {
    const content = JSON.stringify(aCatalog(aTool().withId('quillsort')));
    const first = await new FileCatalogSource(await scratch.write('a.json', content)).load();
    const same = await new FileCatalogSource(await scratch.write('b.json', content)).load();
    const changed = await new FileCatalogSource(
      await scratch.write('c.json', content.replace('quillsort', 'quillsorts')),
    ).load();

    expect(first.fingerprint).toBe(createHash('sha256').update(content).digest('hex').slice(0, 16));
    expect(same.fingerprint).toBe(first.fingerprint);
    expect(changed.fingerprint).not.toBe(first.fingerprint);
  });

  it('skips the repeated-id pass only for the fingerprint published before, every other check kept', async () => {
    const repeats = repeatedReviewIds();
    const file = await scratch.write('repeats.json', repeats);
    const fingerprint = catalogFileFingerprint(file);
    const asked: string[] = [];
    const publishedBefore = (f: string) => {
      asked.push(f);
      return f === fingerprint;
    };

    const loaded = await new FileCatalogSource(file, { publishedBefore }).load();
    expect(loaded.document.tools.map((t) => t.id)).toEqual(['quillsort', 'harborlint']);
    expect(asked).toEqual([fingerprint]);

    expect(await problemsOf(file)).toEqual([
      {
        path: '$.tools[1].reviews[0].id',
        message: 'repeats the review id "r-1" of $.tools[0].reviews[0].id',
      },
    ]);
    const changed = await scratch.write('changed.json', `${repeats}\n`);
    const error = await new FileCatalogSource(changed, { publishedBefore }).load().catch((e) => e);
    expect(error).toBeInstanceOf(CatalogInvalidError);
    const broken = await scratch.write(
      'broken.json',
      repeats.replace('"name":"', '"name":" ').replace(/"name":" [^"]*"/, '"name":""'),
    );
    const alsoPublished = (f: string) => f === catalogFileFingerprint(broken);
    const brokenError = await new FileCatalogSource(broken, { publishedBefore: alsoPublished })
      .load()
      .catch((e: unknown) => e);
    expect((brokenError as CatalogInvalidError).problems.map((p) => p.path)).toEqual([
      '$.tools[0].name',
      '$.tools[1].reviews[0].id',
    ]);
  });

  it('keeps each author once across the reviews, whatever the tool, and only equal ones', async () => {
    const ana = { name: 'Ana Lima', url: 'https://reviews.example.com/authors/ana' };
    const catalog = aCatalog(
      aTool()
        .withId('quillsort')
        .withReviews(
          aReview().withId('r-1').withAuthor(ana).reviewedOn('2026-03-01'),
          aReview().withId('r-2').withAuthor({ name: 'Ana Lima' }),
        ),
      aTool()
        .withId('harborlint')
        .withReviews(
          aReview()
            .withId('r-3')
            .withAuthor({ ...ana })
            .reviewedOn('2026-03-01'),
          aReview().withId('r-4').withAuthor({ url: ana.url }),
          aReview().withId('r-5').withAuthor({}),
          aReview().withId('r-6').withAuthor({}),
        ),
    );
    const path = await scratch.write('authors.json', JSON.stringify(catalog));

    const { document } = await new FileCatalogSource(path).load();

    expect(document).toEqual(catalog);
    const authors = document.tools.flatMap((tool) => tool.reviews.map((r) => r.author));
    expect(authors[2]).toBe(authors[0]);
    expect(authors[5]).toBe(authors[4]);
    expect(new Set(authors).size).toBe(4);
  });

  it('gives the fingerprint without loading, as load does (what a snapshot is read ahead by)', async () => {
    const big = JSON.stringify(aCatalog(...Array.from({ length: 50 }, () => aTool())));
    for (const content of ['', 'not json '.repeat(1_200_000), big]) {
      const file = await scratch.write('fingerprinted.json', content);
      const loaded = await new FileCatalogSource(file, { chunkBytes: 7 })
        .load()
        .then(({ fingerprint }) => fingerprint)
        .catch(() => undefined);
      const expected = createHash('sha256').update(content).digest('hex').slice(0, 16);
      if (loaded !== undefined) expect(loaded).toBe(expected);
      expect(catalogFileFingerprint(file)).toBe(expected);
    }
  });
});
