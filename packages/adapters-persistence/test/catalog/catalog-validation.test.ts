import { describe, expect, it } from '@jest/globals';
import { CatalogInvalidError, type CatalogProblem } from '@reviews/application';
import type { CatalogDocument } from '@reviews/domain';
import { aCatalog, aReview, aStackTag, aTool } from '@reviews/domain/testing';
import { catalogParseOptions, toCatalogProblems } from '../../src/catalog/catalog-problems.js';
import {
  catalogDocumentSchema,
  validateCatalogDocument,
} from '@reviews/adapters-persistence/testing';

type Json = Record<string, unknown>;

/** A catalog as plain JSON data, so tests can break it in ways the domain types forbid. */
const asJson = (document: CatalogDocument): Json => JSON.parse(JSON.stringify(document)) as Json;
const toolsOf = (json: Json) => json.tools as Json[];
const reviewsOf = (tool: Json | undefined) => (tool?.reviews ?? []) as Json[];

const problemsOf = (raw: unknown): CatalogProblem[] => {
  try {
    validateCatalogDocument(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogInvalidError);
    return [...(error as CatalogInvalidError).problems];
  }
  throw new Error('expected the catalog to be invalid');
};
const pathsOf = (raw: unknown): string[] => problemsOf(raw).map((p) => p.path);

const aValidCatalog = () =>
  asJson(
    aCatalog(
      aTool().withId('quillsort').withReviews(aReview().withId('qs-1'), aReview().withId('qs-2')),
      aTool().withId('harborlint').withReviews(aReview().withId('hl-1')),
    ),
  );

describe('catalog validation (docs/cli.md#catalog-format)', () => {
  it('accepts a valid catalog and returns it as domain data', () => {
    const catalog = aCatalog(
      aTool().withReviews(aReview(), aReview().withAuthor({})),
      aTool()
        .inCategory(null)
        .withStackTags(
          aStackTag('Rust'),
          aStackTag('Linux', { dimension: 'os', relationship: 'runs_on' }),
        ),
    );

    expect(validateCatalogDocument(asJson(catalog))).toEqual(catalog);
  });

  it('reports every problem of a catalog at once, each with its JSON path', () => {
    const json = aValidCatalog();
    const [first, second] = toolsOf(json);
    Object.assign(reviewsOf(first)[1] ?? {}, {
      reviewedOn: '2026-02-30',
      updatedAt: '2026-01-16 08:00',
      author: { name: 'Ann', url: 'ftp://files.example.com' },
      rating: 5,
    });
    Object.assign(second ?? {}, { id: 'Harbor_Lint', name: '', website: 'harborlint.example.com' });

    expect(problemsOf(json)).toEqual([
      {
        path: '$.tools[0].reviews[1].reviewedOn',
        message: 'must be a calendar date YYYY-MM-DD that exists',
      },
      {
        path: '$.tools[0].reviews[1].updatedAt',
        message: expect.stringContaining('must be a UTC date-time'),
      },
      {
        path: '$.tools[0].reviews[1].author.url',
        message: 'must be an absolute http:// or https:// address',
      },
      { path: '$.tools[0].reviews[1].rating', message: 'is not a member of the catalog format' },
      { path: '$.tools[1].id', message: expect.stringContaining('must be a lowercase slug') },
      { path: '$.tools[1].name', message: 'must not be empty or blank' },
      { path: '$.tools[1].website', message: 'must be an absolute http:// or https:// address' },
    ]);
  });

  it('checks the top level: schema version, publication instant, tools, unknown members', () => {
    expect(problemsOf({ schemaVersion: 2, tools: {}, owner: 'me' })).toEqual([
      { path: '$.schemaVersion', message: 'must be 1' },
      { path: '$.publishedAt', message: 'is required' },
      { path: '$.tools', message: 'must be an array, not an object' },
      { path: '$.owner', message: 'is not a member of the catalog format' },
    ]);
    expect(problemsOf([])).toEqual([
      { path: '$', message: expect.stringContaining('must be an object') },
    ]);
  });

  it('names missing members and wrong types', () => {
    const json = aValidCatalog();
    const tool = toolsOf(json)[0] ?? {};
    delete tool.description;
    Object.assign(tool, {
      category: 7,
      stacks: 'none',
      reviews: [{ ...reviewsOf(tool)[0], likes: null }],
    });

    expect(problemsOf(json)).toEqual([
      { path: '$.tools[0].description', message: 'is required' },
      { path: '$.tools[0].category', message: 'must be a string or null, not a number' },
      { path: '$.tools[0].reviews[0].likes', message: 'must be a string, not null' },
      { path: '$.tools[0].stacks', message: 'must be an object or null, not a string' },
    ]);
  });

  it('reports a repeated tool id at the repeat, naming the first', () => {
    const json = asJson(
      aCatalog(aTool().withId('quillsort'), aTool(), aTool().withId('quillsort')),
    );

    expect(problemsOf(json)).toEqual([
      { path: '$.tools[2].id', message: 'repeats the tool id "quillsort" of $.tools[0].id' },
    ]);
  });

  it('requires review ids to be unique across the whole catalog', () => {
    const json = asJson(
      aCatalog(
        aTool().withReviews(aReview().withId('r-1'), aReview().withId('r-2')),
        aTool().withReviews(aReview().withId('r-3'), aReview().withId('r-1')),
      ),
    );

    expect(problemsOf(json)).toEqual([
      {
        path: '$.tools[1].reviews[1].id',
        message: 'repeats the review id "r-1" of $.tools[0].reviews[0].id',
      },
    ]);
  });

  it('checks identifiers against the patterns of the catalog format', () => {
    const ids = ['a', 'a-b', '0', 'x'.repeat(64)];
    const badIds = ['', '-a', 'a-', 'A', 'a_b', 'x'.repeat(65), 'é'];
    expect(() =>
      validateCatalogDocument(asJson(aCatalog(...ids.map((id) => aTool().withId(id))))),
    ).not.toThrow();
    for (const id of badIds) {
      expect(pathsOf(asJson(aCatalog(aTool().withId(id))))).toEqual(['$.tools[0].id']);
    }
    const review = asJson(aCatalog(aTool().withReviews(aReview().withId('a b'))));
    Object.assign(reviewsOf(toolsOf(review)[0])[0] ?? {}, { revisionId: 'x'.repeat(65) });
    expect(pathsOf(review)).toEqual([
      '$.tools[0].reviews[0].id',
      '$.tools[0].reviews[0].revisionId',
    ]);
  });

  it('accepts real calendar dates only, and instants in UTC', () => {
    const withDates = (reviewedOn: string, updatedAt: string) =>
      asJson(aCatalog(aTool().withReviews(aReview().reviewedOn(reviewedOn, updatedAt))));

    expect(() =>
      validateCatalogDocument(withDates('2024-02-29', '2024-03-01T08:00:00.250Z')),
    ).not.toThrow();
    expect(pathsOf(withDates('2026-02-29', '2026-03-01T08:00:00Z'))).toEqual([
      '$.tools[0].reviews[0].reviewedOn',
    ]);
    expect(pathsOf(withDates('2026-04-31', '2026-05-01T08:00:00Z'))).toEqual([
      '$.tools[0].reviews[0].reviewedOn',
    ]);
    expect(pathsOf(withDates('2026-1-05', '2026-01-05T25:00:00Z'))).toEqual([
      '$.tools[0].reviews[0].reviewedOn',
      '$.tools[0].reviews[0].updatedAt',
    ]);
    expect(pathsOf(withDates('2026-01-05', '2026-01-05T08:00:00+01:00'))).toEqual([
      '$.tools[0].reviews[0].updatedAt',
    ]);
  });

  it('accepts absolute http(s) addresses of at most 2,048 characters', () => {
    const withWebsite = (website: string) => {
      const json = asJson(aCatalog(aTool()));
      Object.assign(toolsOf(json)[0] ?? {}, { website });
      return json;
    };
    const long = (length: number) => `https://example.com/${'a'.repeat(length - 20)}`;

    for (const ok of ['http://example.com', 'https://tool.example:8443/docs?x=1#top', long(2048)]) {
      expect(() => validateCatalogDocument(withWebsite(ok))).not.toThrow();
    }
    for (const bad of [
      'ftp://example.com',
      'https://',
      'example.com',
      'https://exa mple.com',
      'mailto:a@example.com',
      long(2049),
    ]) {
      expect(pathsOf(withWebsite(bad))).toEqual(['$.tools[0].website']);
    }
  });

  it('holds texts to the limits of the catalog format, counting characters as code points', () => {
    const tool = aTool()
      .named('n'.repeat(200))
      .inCategory('🧪'.repeat(200))
      .describedAs('d'.repeat(2000))
      .withReviews(
        aReview()
          .withLikes('l'.repeat(20000))
          .withDislikes('d'.repeat(20000))
          .withAuthor({ name: 'a'.repeat(200) }),
      );
    expect(() => validateCatalogDocument(asJson(aCatalog(tool)))).not.toThrow();

    const over = aTool()
      .named('n'.repeat(201))
      .inCategory('🧪'.repeat(201))
      .describedAs('d'.repeat(2001))
      .withReviews(
        aReview()
          .withLikes('l'.repeat(20001))
          .withDislikes('d'.repeat(20001))
          .withAuthor({ name: 'a'.repeat(201) }),
      );
    const problems = problemsOf(asJson(aCatalog(over)));
    expect(problems.map((p) => p.path)).toEqual([
      '$.tools[0].name',
      '$.tools[0].description',
      '$.tools[0].category',
      '$.tools[0].reviews[0].author.name',
      '$.tools[0].reviews[0].likes',
      '$.tools[0].reviews[0].dislikes',
    ]);
    expect(problems[0]?.message).toBe('must be at most 200 characters');
  });

  it('accepts at most 10,000 reviews per tool', () => {
    expect(() =>
      validateCatalogDocument(asJson(aCatalog(aTool().withReviewCount(10_000)))),
    ).not.toThrow();
    expect(problemsOf(asJson(aCatalog(aTool().withReviewCount(10_001))))).toEqual([
      { path: '$.tools[0].reviews', message: 'must hold at most 10000 reviews' },
    ]);
  });

  it('wants plain text: no control characters, and no line breaks in names', () => {
    const tool = aTool()
      .named('Quill\nsort')
      .describedAs('Line one.\nLine two.\tTabbed.')
      .inCategory('Search\u0000');
    expect(pathsOf(asJson(aCatalog(tool)))).toEqual(['$.tools[0].name', '$.tools[0].category']);
    expect(pathsOf(asJson(aCatalog(aTool().describedAs('bell \u0007'))))).toEqual([
      '$.tools[0].description',
    ]);
  });

  it('checks stacks records: null, or the full record with the allowed values', () => {
    const json = asJson(aCatalog(aTool().withStackTags(aStackTag('Rust'))));
    const stacks = (toolsOf(json)[0]?.stacks ?? {}) as Json;
    Object.assign(stacks, {
      status: 'maybe',
      observed_on: '2026-13-01',
      tags: [{ key: 'rust', label: ' ', dimension: 'planet', relationship: 'friend', since: 2020 }],
    });
    delete stacks.evidence;

    expect(problemsOf(json)).toEqual([
      {
        path: '$.tools[0].stacks.observed_on',
        message: 'must be a calendar date YYYY-MM-DD that exists',
      },
      { path: '$.tools[0].stacks.status', message: 'must be one of verified, unresolved' },
      { path: '$.tools[0].stacks.evidence', message: 'is required' },
      { path: '$.tools[0].stacks.tags[0].label', message: 'must not be empty or blank' },
      {
        path: '$.tools[0].stacks.tags[0].dimension',
        message: 'must be one of language, runtime, framework, os, integration',
      },
      {
        path: '$.tools[0].stacks.tags[0].relationship',
        message: 'must be one of runs_on, sdk, integration, implementation',
      },
      { path: '$.tools[0].stacks.tags[0].since', message: 'is not a member of the catalog format' },
    ]);
  });

  it('accepts the members the export derives, and drops them', () => {
    const catalog = aCatalog(aTool().withId('quillsort').withReviews(aReview().withId('qs-1')));
    const exported = asJson(catalog);
    Object.assign(exported, {
      historicalNotice: 'Historical reviews …',
      rights: { copyrightHolder: 'Sample Desk' },
    });
    const tool = toolsOf(exported)[0] ?? {};
    Object.assign(tool, {
      url: 'https://reviews.example/tools/quillsort',
      markdownUrl: 'https://reviews.example/tools/quillsort.md',
    });
    Object.assign(reviewsOf(tool)[0] ?? {}, {
      url: 'https://reviews.example/tools/quillsort/reviews/qs-1',
    });

    const imported = validateCatalogDocument(exported);

    expect(imported).toEqual(catalog);
    expect(JSON.stringify(imported)).not.toMatch(/"url"|markdownUrl|historicalNotice|rights/);
  });

  it('quotes member names that are not identifiers in paths', () => {
    expect(pathsOf({ ...aValidCatalog(), 'my notes': 1 })).toEqual(['$["my notes"]']);
  });

  it('treats a member named __proto__ as an unknown member, not as a prototype', () => {
    const json = JSON.parse(
      '{"__proto__":{"schemaVersion":1,"publishedAt":"2026-11-16T09:00:00Z","tools":[]}}',
    ) as unknown;

    expect(pathsOf(json)).toEqual(['$.schemaVersion', '$.publishedAt', '$.tools', '$.__proto__']);
  });

  it('gives the whole-document schema the same problems as the tool-by-tool validator', () => {
    const json = asJson(
      aCatalog(
        aTool().withId('dup'),
        aTool().withId('dup').named(''),
        aTool().withReviews(aReview().reviewedOn('2026-02-30')),
      ),
    );
    Object.assign(json, { extra: true });

    const parsed = catalogDocumentSchema.safeParse(json, catalogParseOptions);

    expect(parsed.success).toBe(false);
    const fromSchema = parsed.success ? [] : toCatalogProblems(parsed.error.issues);
    expect(new Set(fromSchema.map((p) => `${p.path}: ${p.message}`))).toEqual(
      new Set(problemsOf(json).map((p) => `${p.path}: ${p.message}`)),
    );
  });

  it('lists every problem in the error message, one per line', () => {
    const json = asJson(aCatalog(aTool().withId('Bad'), aTool().named('')));

    const error = (() => {
      try {
        validateCatalogDocument(json);
      } catch (e) {
        return e as CatalogInvalidError;
      }
      throw new Error('expected the catalog to be invalid');
    })();

    expect(error.message.split('\n')).toEqual([
      'The catalog is invalid (2 problems):',
      `$.tools[0].id: ${error.problems[0]?.message}`,
      '$.tools[1].name: must not be empty or blank',
    ]);
  });
});
