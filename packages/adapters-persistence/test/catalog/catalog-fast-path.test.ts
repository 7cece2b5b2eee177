import { describe, expect, it } from '@jest/globals';
import { readCatalogJson, validateCatalogDocument } from '@reviews/adapters-persistence/testing';
import { CatalogInvalidError } from '@reviews/application';
import { CATALOG_LIMITS } from '@reviews/domain';
import fc from 'fast-check';
import { toTool } from '../../src/catalog/catalog-document.mapper.js';
import { catalogToolSchema } from '../../src/catalog/catalog-document.schema.js';
import { toValidTool } from '../../src/catalog/catalog-fast-path.js';
import { catalogParseOptions } from '../../src/catalog/catalog-problems.js';
import { CatalogValidator } from '../../src/catalog/catalog-validator.js';

/*
 * The fast path (`toValidTool`) against the oracle it replaces for valid tools: zod's
 * `catalogToolSchema` then `toTool`, and `validateCatalogDocument(…, { fastPath: false })` for
 * whole documents. Random valid tools are broken by one random mutation of one member or shape.
 */

type Json = unknown;
type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const LIMITS = CATALOG_LIMITS;

const oneLine = fc.oneof(
  fc.constantFrom('Ann', 'Zoë Ünal', '名前', '😀 tool', 'x'.repeat(LIMITS.name), 'a\u00a0b'),
  fc.stringMatching(/^[A-Za-z][A-Za-z .-]{0,20}$/),
);
const prose = fc.oneof(
  fc.constantFrom('', 'Good.\nReally\tgood.\r\n', 'é'.repeat(50), '😀'.repeat(100)),
  fc.stringMatching(/^[A-Za-z .,\n]{0,80}$/),
);
const address = fc.oneof(
  fc.constantFrom(
    'https://example.com',
    'http://example.com/a?b=c#d',
    'HTTPS://EXAMPLE.COM/x',
    'https://xn--mnich-kva.example/ä',
  ),
  fc.stringMatching(/^[a-z]{1,8}$/).map((host) => `https://${host}.example.com/p`),
);
const date = fc.constantFrom('2026-06-17', '2024-02-29', '2000-02-29', '1999-12-31');
const instant = fc.constantFrom(
  '2026-10-03T08:00:00Z',
  '2026-10-03T08:00:00.250Z',
  '2024-02-29T23:59:59.123456Z',
);
const reviewId = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);

const author = fc.record({ name: oneLine, url: address }, { requiredKeys: [] });
const review = fc.record({
  id: reviewId,
  revisionId: reviewId,
  reviewedOn: date,
  updatedAt: instant,
  author,
  likes: prose,
  dislikes: prose,
});
const tag = fc.record({
  key: oneLine,
  label: oneLine,
  dimension: fc.constantFrom('language', 'runtime', 'framework', 'os', 'integration'),
  relationship: fc.constantFrom('runs_on', 'sdk', 'integration', 'implementation'),
});
const stacks = fc.record({
  observed_on: date,
  status: fc.constantFrom('verified', 'unresolved'),
  source_url: address,
  evidence: prose,
  tags: fc.array(tag, { maxLength: 3 }),
});
const tool = fc.record({
  id: fc.constantFrom('a', 'quillsort', 'x'.repeat(64), 'a-b-0'),
  name: oneLine,
  description: prose,
  website: address,
  category: fc.option(oneLine, { nil: null }),
  reviews: fc.array(review, { maxLength: 4 }),
  stacks: fc.option(stacks, { nil: null }),
});

/** Values that break (or, for some members, still satisfy) a member's rule. */
const REPLACEMENTS: readonly Json[] = [
  null,
  0,
  1.5,
  true,
  '',
  ' \t',
  'x',
  'x'.repeat(LIMITS.name + 1),
  '😀'.repeat(LIMITS.name),
  '😀'.repeat(LIMITS.name + 1),
  'x'.repeat(LIMITS.description + 1),
  '😀'.repeat(LIMITS.address),
  `https://example.com/${'x'.repeat(LIMITS.address)}`,
  // Within the limit in code points (what zod's max counts), past it in UTF-16 code units.
  `https://example.com/${'😀'.repeat(LIMITS.address / 2)}`,
  'bell\u0007',
  'two\nlines',
  'tab\there',
  'del\u007f',
  'é',
  'A',
  'a_b',
  '-a',
  '2026-02-30',
  '2026-02-29',
  '2026-13-01',
  '2026-10-03',
  '2026-10-03T08:00:00+01:00',
  '2026-10-03T08:00Z',
  '2026-10-03 08:00:00Z',
  'ftp://files.example.com',
  'http://',
  'https://a b.example',
  'https://',
  'example.com',
  'javascript:alert(1)',
  'verified',
  'language',
  'sdk',
  [],
  {},
  [{}],
  { name: 'Ann' },
];
const replacement = fc.constantFrom(...REPLACEMENTS);
const ADDED_KEYS = ['url', 'markdownUrl', 'rating', '__proto__', 'constructor', 'toString', 'name'];

type Mutation =
  | { kind: 'replace'; value: Json }
  | { kind: 'delete' }
  | { kind: 'add'; key: string; value: Json }
  | { kind: 'reorder' }
  | { kind: 'tooManyReviews' };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 6, arbitrary: replacement.map((value) => ({ kind: 'replace' as const, value })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'delete' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      key: fc.constantFrom(...ADDED_KEYS),
      value: fc.oneof(replacement, fc.constant(undefined)),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'reorder' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'tooManyReviews' as const }) },
);

/** Every place in `value`: the value itself (`[]`), then each member and element, depth first. */
function placesOf(value: Json, path: (string | number)[] = []): (string | number)[][] {
  const places = [path];
  if (Array.isArray(value))
    value.forEach((item, i) => places.push(...placesOf(item, [...path, i])));
  else if (isObject(value))
    for (const key of Object.keys(value)) places.push(...placesOf(value[key], [...path, key]));
  return places;
}

const setMember = (target: JsonObject, key: string, value: Json): void => {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
};

/** `original` with one mutation at one of its places (`pick` chooses which), as fresh JSON data. */
function mutate(original: Json, pick: number, change: Mutation): Json {
  const root = JSON.parse(JSON.stringify(original)) as Json;
  const places = placesOf(root);
  const path = places[pick % places.length] ?? [];
  if (change.kind === 'tooManyReviews') {
    if (!isObject(root)) return root;
    const reviews = Array.isArray(root.reviews) ? (root.reviews as Json[]) : [];
    const one = reviews[0] ?? { id: 'r' };
    root.reviews = Array.from({ length: LIMITS.reviewsPerTool + 1 }, () => one);
    return root;
  }
  let parent: Json = undefined;
  let value: Json = root;
  for (const step of path) {
    parent = value;
    value = (value as Record<string | number, Json>)[step];
  }
  const last = path.at(-1);
  switch (change.kind) {
    case 'replace':
      if (last === undefined) return change.value;
      (parent as Record<string | number, Json>)[last] = change.value;
      break;
    case 'delete':
      if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
      else if (isObject(parent) && typeof last === 'string') delete parent[last];
      break;
    case 'add':
      if (isObject(value)) setMember(value, change.key, change.value);
      else if (isObject(root)) setMember(root, change.key, change.value);
      break;
    case 'reorder':
      if (isObject(value)) {
        const entries = Object.entries(value).reverse();
        for (const [key] of entries) delete value[key];
        for (const [key, member] of entries) setMember(value, key, member);
      }
      break;
  }
  // Through JSON, as a file gives it (an `undefined` member disappears, `__proto__` stays own).
  return JSON.parse(JSON.stringify(root)) as Json;
}

/** A valid tool, or one with a mutation (10,001 reviews only where asked: zod is slow on them). */
const mutatedTool = (tooManyReviews = true) =>
  fc
    .tuple(tool, fc.nat(), mutation, fc.boolean())
    .filter(([, , change]) => tooManyReviews || change.kind !== 'tooManyReviews')
    .map(([valid, pick, change, keep]) => (keep ? valid : mutate(valid, pick, change)));

/** zod, then the mapper: what the fast path must agree with. */
function oracleTool(raw: Json) {
  const parsed = catalogToolSchema.safeParse(raw, catalogParseOptions);
  return parsed.success ? toTool(parsed.data) : undefined;
}

function outcomeOf(run: () => unknown): unknown {
  try {
    return { document: run() };
  } catch (error) {
    if (!(error instanceof CatalogInvalidError)) throw error;
    return { problems: error.problems };
  }
}

/** A catalog file's text read the way `FileCatalogSource` reads it (validator owning the input). */
function readAsFile(text: string, options: { fastPath?: boolean; ownsInput?: boolean }) {
  const validator = new CatalogValidator(options);
  readCatalogJson(Buffer.from(text), {
    member: (key, value) => validator.acceptMember(key, value),
    tool: (value, controlFree) => validator.acceptTool(value, controlFree),
    root: (value) => validator.acceptRoot(value),
  });
  return validator.finish();
}

describe('the fast path of catalog validation', () => {
  it('accepts every unmutated generated tool, as zod does (the generators make valid tools)', () => {
    fc.assert(
      fc.property(tool, (raw) => {
        expect(oracleTool(raw)).toBeDefined();
        expect(toValidTool(raw)).toBeDefined();
      }),
      { numRuns: 200 },
    );
  });

  it('agrees with zod on every single mutation of every place of a full tool', () => {
    const full = {
      id: 'quillsort',
      name: 'Quillsort',
      description: 'Sorts.',
      website: 'https://quillsort.example.com',
      category: 'Editors',
      reviews: [
        {
          id: 'qs-1',
          revisionId: 'qs-1-v1',
          reviewedOn: '2026-06-17',
          updatedAt: '2026-06-20T13:05:35Z',
          author: { name: 'Sami Haddad', url: 'https://reviews.example.com/authors/sami' },
          likes: 'Fast.',
          dislikes: '',
        },
      ],
      stacks: {
        observed_on: '2026-06-17',
        status: 'verified',
        source_url: 'https://quillsort.example.com/docs',
        evidence: 'Docs.',
        tags: [
          { key: 'rust', label: 'Rust', dimension: 'language', relationship: 'implementation' },
        ],
      },
    };
    const changes: Mutation[] = [
      ...REPLACEMENTS.map((value) => ({ kind: 'replace' as const, value })),
      { kind: 'delete' },
      { kind: 'reorder' },
      ...ADDED_KEYS.map((key) => ({ kind: 'add' as const, key, value: 'x' })),
    ];
    let accepted = 0;
    const places = placesOf(full).length;
    for (let pick = 0; pick < places; pick++) {
      for (const change of changes) {
        const raw = mutate(full, pick, change);
        const expected = oracleTool(raw);
        for (const reuse of [false, true]) {
          const actual = toValidTool(JSON.parse(JSON.stringify(raw)) as Json, reuse);
          expect({ pick, change, accepted: actual !== undefined }).toEqual({
            pick,
            change,
            accepted: expected !== undefined,
          });
          expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
          expect(actual).toStrictEqual(expected);
        }
        if (expected !== undefined) accepted++;
      }
    }
    expect(accepted).toBeGreaterThan(places);
  });

  it('accepts a tool exactly when zod does, and maps it to the same Tool, members in order', () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(mutatedTool(), (raw) => {
        const expected = oracleTool(raw);
        for (const reuse of [false, true]) {
          // A fresh copy each time: with `reuse` the fast path may hand back the object itself.
          const actual = toValidTool(JSON.parse(JSON.stringify(raw)) as Json, reuse);
          expect(actual === undefined).toBe(expected === undefined);
          expect(actual).toStrictEqual(expected);
          expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
        }
        if (expected === undefined) refused++;
        else accepted++;
      }),
      { numRuns: 1500 },
    );
    // Both outcomes must have been exercised, or the property says little.
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });

  it('gives a whole catalog the same outcome as zod alone: tools, or problems in order', () => {
    const catalog = fc.record({
      schemaVersion: fc.constantFrom<Json>(1, 1, 1, 2),
      publishedAt: fc.constantFrom<Json>('2026-11-16T09:00:00Z', 'yesterday'),
      // A small pool of ids, so that tool ids and review ids repeat across tools.
      tools: fc.array(
        fc.tuple(
          mutatedTool(false),
          fc.constantFrom('a', 'b', 'c'),
          fc.array(fc.constantFrom('r1', 'r2', 'r3', 'r4'), { maxLength: 4 }),
        ),
        { maxLength: 5 },
      ),
    });
    fc.assert(
      fc.property(catalog, ({ schemaVersion, publishedAt, tools }) => {
        const document = {
          schemaVersion,
          publishedAt,
          tools: tools.map(([raw, id, reviewIds]) => {
            if (!isObject(raw)) return raw;
            const reviews = Array.isArray(raw.reviews) ? (raw.reviews as Json[]) : [];
            reviews.forEach((r, i) => {
              if (isObject(r) && typeof r.id === 'string' && reviewIds[i] !== undefined)
                r.id = reviewIds[i];
            });
            if (typeof raw.id === 'string') raw.id = id;
            return raw;
          }),
        };
        const text = JSON.stringify(document);
        const expected = outcomeOf(() =>
          validateCatalogDocument(JSON.parse(text), { fastPath: false }),
        );
        expect(outcomeOf(() => validateCatalogDocument(JSON.parse(text)))).toStrictEqual(expected);
        const asFile = outcomeOf(() => readAsFile(text, { ownsInput: true }));
        expect(asFile).toStrictEqual(expected);
        expect(JSON.stringify(asFile)).toBe(JSON.stringify(expected));
      }),
      { numRuns: 500 },
    );
  });
});
