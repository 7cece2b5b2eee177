import type { Tool } from '../../src/catalog/tool.js';
import { foldText } from '../../src/search/text-folding.js';
import { indexTerms } from '../../src/search/tokenizer.js';

/*
 * A deliberately naive statement of docs/api.md#search-rules-in-short, for property tests to
 * compare the index with: no dictionary, no postings, no precomputed ranks, just the rules applied
 * tool by tool.
 */

/** The texts of each searched field: name (0), metadata (1), reviews (2). */
export function fieldTexts(tool: Tool): string[][] {
  return [
    [tool.name],
    [
      tool.description,
      ...(tool.category === null ? [] : [tool.category]),
      ...(tool.stacks?.tags ?? []).map((t) => t.label),
    ],
    tool.reviews.flatMap((review) => [review.likes, review.dislikes]),
  ];
}

interface KeywordMatch {
  readonly field: number;
  readonly whole: boolean;
}

function matchKeyword(tool: Tool, keyword: string): KeywordMatch | undefined {
  const fields = fieldTexts(tool).map((texts) => texts.flatMap(indexTerms));
  const field = fields.findIndex((terms) => terms.some((term) => term.startsWith(keyword)));
  if (field < 0) return undefined;
  return { field, whole: (fields[field] ?? []).includes(keyword) };
}

/** Whether every keyword matches a term of the tool (equal to it or beginning with it). */
export const matchesAll = (tool: Tool, keywords: readonly string[]): boolean =>
  keywords.every((keyword) => matchKeyword(tool, keyword) !== undefined);

const codePoints = (text: string): number[] => Array.from(text, (char) => char.codePointAt(0) ?? 0);

function compareCodePointArrays(a: string, b: string): number {
  const [x, y] = [codePoints(a), codePoints(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  }
  return x.length - y.length;
}

function newestReview(tool: Tool): [string, string] {
  const sorted = [...tool.reviews].sort((a, b) =>
    a.reviewedOn === b.reviewedOn
      ? b.updatedAt.localeCompare(a.updatedAt)
      : b.reviewedOn.localeCompare(a.reviewedOn),
  );
  return sorted.length === 0 ? ['', ''] : [sorted[0]?.reviewedOn ?? '', sorted[0]?.updatedAt ?? ''];
}

const descending = (a: string, b: string): number => (a === b ? 0 : a > b ? -1 : 1);

const byName = (a: Tool, b: Tool): number =>
  compareCodePointArrays(foldText(a.name), foldText(b.name)) ||
  compareCodePointArrays(a.name, b.name) ||
  compareCodePointArrays(a.id, b.id);

/** The ids of the tools matching `keywords` and `category`, in contract order. */
export function referenceSearch(
  tools: readonly Tool[],
  keywords: readonly string[],
  category?: string,
): string[] {
  const candidates = tools.filter(
    (tool) => (category === undefined || tool.category === category) && matchesAll(tool, keywords),
  );
  if (keywords.length === 0) {
    return candidates
      .sort((a, b) => descending(newestReview(a)[0], newestReview(b)[0]) || byName(a, b))
      .map((tool) => tool.id);
  }
  const rankOf = (tool: Tool): [number, number] => {
    const matches = keywords.map((keyword) => matchKeyword(tool, keyword) as KeywordMatch);
    return [Math.max(...matches.map((m) => m.field)), matches.every((m) => m.whole) ? 0 : 1];
  };
  return candidates
    .sort((a, b) => {
      const [[tierA, wholeA], [tierB, wholeB]] = [rankOf(a), rankOf(b)];
      const [[onA, atA], [onB, atB]] = [newestReview(a), newestReview(b)];
      return (
        tierA - tierB ||
        wholeA - wholeB ||
        descending(onA, onB) ||
        descending(atA, atB) ||
        byName(a, b)
      );
    })
    .map((tool) => tool.id);
}

/** A keyword's weight among `tools` tools of which `matching` match it (docs/api.md#the-closest-tools). */
const referenceWeight = (matching: number, tools: number): number =>
  matching === 0 ? 0 : Math.log(1 + (tools - matching + 0.5) / (matching + 0.5));

/** One of the closest tools, as the reference finds it. */
interface ReferenceClosest {
  readonly id: string;
  readonly matched: readonly string[];
  readonly missing: readonly string[];
}

/**
 * The closest tools of `keywords` within `category` (docs/api.md#the-closest-tools), tool by
 * tool: each tool matching a keyword scores the keyword's weight, twice over when the keyword
 * matches in its name or metadata; highest score first, then more keywords matched, then review
 * date, name, id. At most `limit`.
 */
export function referenceClosest(
  tools: readonly Tool[],
  keywords: readonly string[],
  category: string | undefined,
  limit: number,
): ReferenceClosest[] {
  const candidates = tools.filter((tool) => category === undefined || tool.category === category);
  const fields = candidates.map((tool) => keywords.map((keyword) => matchKeyword(tool, keyword)));
  const weights = keywords.map((_, k) =>
    referenceWeight(fields.filter((matches) => matches[k] !== undefined).length, candidates.length),
  );
  const scored = candidates.map((tool, t) => {
    let score = 0;
    for (const [k, match] of (fields[t] ?? []).entries()) {
      if (match !== undefined) score += (weights[k] ?? 0) * (match.field < 2 ? 2 : 1);
    }
    const matched = keywords.filter((_, k) => fields[t]?.[k] !== undefined);
    return { tool, score, matched };
  });
  return scored
    .filter(({ matched }) => matched.length > 0)
    .sort((a, b) => {
      const [[onA, atA], [onB, atB]] = [newestReview(a.tool), newestReview(b.tool)];
      return (
        b.score - a.score ||
        b.matched.length - a.matched.length ||
        descending(onA, onB) ||
        descending(atA, atB) ||
        byName(a.tool, b.tool)
      );
    })
    .slice(0, limit)
    .map(({ tool, matched }) => ({
      id: tool.id,
      matched,
      missing: keywords.filter((keyword) => !matched.includes(keyword)),
    }));
}
