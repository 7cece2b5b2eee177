import { describe, expect, it } from '@jest/globals';
import { CatalogInvalidError, type CatalogProblem } from '@reviews/application';
import { aReview, aTool } from '@reviews/domain/testing';
import fc from 'fast-check';
import { catalogToolSchema } from '../../src/catalog/catalog-document.schema.js';
import { catalogParseOptions, toCatalogProblems } from '../../src/catalog/catalog-problems.js';
import { CatalogValidator } from '../../src/catalog/catalog-validator.js';
import { DuplicateIdFinder } from '../../src/catalog/duplicate-id-finder.js';
import { formatJsonPath } from '../../src/catalog/json-path.js';

type Json = Record<string, unknown>;

const HEADER = { schemaVersion: 1, publishedAt: '2026-11-16T09:00:00Z' };

/** A valid tool as JSON, with the given ids; `broken`: with a name the schema refuses. */
const toolJson = (id: string, reviewIds: readonly string[], broken: boolean): Json => {
  const tool = JSON.parse(
    JSON.stringify(
      aTool()
        .withId(id)
        .withReviews(...reviewIds.map((r) => aReview().withId(r)))
        .build(),
    ),
  ) as Json;
  if (broken) tool.name = '';
  return tool;
};

/** Tools whose tool and review ids repeat within and across tools, some of them invalid. */
const tools = fc.array(
  fc
    .record({
      id: fc.constantFrom('alpha', 'beta', 'gamma'),
      reviews: fc.array(fc.constantFrom('r1', 'r2', 'r3', 'r4'), { maxLength: 3 }),
      broken: fc.boolean(),
    })
    .map(({ id, reviews, broken }) => toolJson(id, reviews, broken)),
  { maxLength: 7 },
);

/**
 * The problems as the validator gave them before the repeated-id pass waited for `finish`: tool
 * by tool, the schema's problems of the tool, then its repeated ids.
 */
function toolByToolProblems(raws: readonly Json[]): string[] {
  const finder = new DuplicateIdFinder();
  const problems: string[] = [];
  raws.forEach((raw, index) => {
    const parsed = catalogToolSchema.safeParse(raw, catalogParseOptions);
    if (!parsed.success) {
      for (const p of toCatalogProblems(parsed.error.issues, ['tools', index]))
        problems.push(`${p.path}: ${p.message}`);
    }
    for (const d of finder.check(raw, index))
      problems.push(`${formatJsonPath(['tools', ...d.path])}: ${d.message}`);
  });
  return problems;
}

function finished(
  raws: readonly Json[],
  idsKnownUnique: boolean,
  tools: 'kept' | 'streamed' | 'streamed, ids vouched for' = 'kept',
): string[] | 'valid' {
  const validator = new CatalogValidator({
    ownsInput: true,
    keepTools: tools === 'kept',
    idsKnownUnique: tools === 'streamed, ids vouched for',
  });
  for (const [key, value] of Object.entries(HEADER)) validator.acceptMember(key, value);
  validator.acceptMember('tools', []);
  for (const raw of raws) validator.acceptTool(structuredClone(raw));
  try {
    validator.finish({ idsKnownUnique });
    return 'valid';
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogInvalidError);
    return (error as CatalogInvalidError).problems.map(
      (p: CatalogProblem) => `${p.path}: ${p.message}`,
    );
  }
}

describe('CatalogValidator: repeated ids, looked for last', () => {
  it('reports the same problems, in the same order, as checking ids tool by tool', () => {
    fc.assert(
      fc.property(tools, (raws) => {
        const expected = toolByToolProblems(raws);
        expect(finished(raws, false)).toEqual(expected.length === 0 ? 'valid' : expected);
      }),
      { numRuns: 300 },
    );
  });

  it('skips the repeated-id pass for a document known to be published, and nothing else', () => {
    fc.assert(
      fc.property(tools, (raws) => {
        const expected = toolByToolProblems(raws);
        const schemaProblem = raws.some((raw) => raw.name === '');
        // Once the schema finds a problem, every repeat is reported anyway, as it always was.
        expect(finished(raws, true)).toEqual(schemaProblem ? expected : 'valid');
      }),
      { numRuns: 300 },
    );
  });

  it('keeping no tools, checks ids tool by tool: the same problems, in the same order', () => {
    fc.assert(
      fc.property(tools, (raws) => {
        const expected = toolByToolProblems(raws);
        // Told at `finish` that the ids are unique, it has checked them already: it kept no
        // tools to go back over.
        for (const idsKnownUnique of [false, true])
          expect(finished(raws, idsKnownUnique, 'streamed')).toEqual(
            expected.length === 0 ? 'valid' : expected,
          );
      }),
      { numRuns: 300 },
    );
  });

  it('keeping no tools, told before reading that the ids are unique, never looks for repeats', () => {
    fc.assert(
      fc.property(tools, (raws) => {
        const expected = toolByToolProblems(raws).filter((p) => !p.includes(': repeats the '));
        expect(finished(raws, false, 'streamed, ids vouched for')).toEqual(
          expected.length === 0 ? 'valid' : expected,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('reports a repeat found before the first invalid tool ahead of that tool’s problems', () => {
    const raws = [
      toolJson('alpha', ['r1'], false),
      toolJson('beta', ['r1'], false),
      toolJson('gamma', [], true),
      toolJson('alpha', [], false),
    ];

    expect(finished(raws, true)).toEqual([
      '$.tools[1].reviews[0].id: repeats the review id "r1" of $.tools[0].reviews[0].id',
      '$.tools[2].name: must not be empty or blank',
      '$.tools[3].id: repeats the tool id "alpha" of $.tools[0].id',
    ]);
  });
});
