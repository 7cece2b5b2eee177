import type { CatalogProblem } from '@reviews/application';
import type { z } from 'zod';
import { formatJsonPath, type JsonPathSegment } from './json-path.js';

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

const describeValue = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
};

/**
 * The message of a type mismatch: `is required` when the member is missing, otherwise what was
 * expected and what was found (`must be a string or null, not a number`). For schemas whose
 * zod type does not say it all (nullable members); the others get `defaultMessage`.
 */
export const typeMismatch =
  (expected: string) =>
  (issue: RawIssue): string | undefined => {
    if (issue.code !== 'invalid_type') return undefined;
    if (issue.input === undefined) return 'is required';
    return `must be ${expected}, not ${describeValue(issue.input)}`;
  };

/**
 * A schema-level message for a value of the right type that breaks the rule; a missing member or
 * a wrong type still gets the common wording of `defaultMessage`.
 */
export const ruleBroken =
  (message: string) =>
  (issue: RawIssue): string | undefined => {
    if (issue.input === undefined) return 'is required';
    return issue.code === 'invalid_type' ? undefined : message;
  };

/**
 * Messages for the issues the schemas leave to zod's defaults, worded like the schemas' own
 * (`is required`, `must be a string, not a number`). Schema-level messages take precedence.
 */
const defaultMessage = (issue: RawIssue): string | undefined =>
  issue.code === 'invalid_type'
    ? typeMismatch(
        /^[aeiou]/.test(issue.expected) ? `an ${issue.expected}` : `a ${issue.expected}`,
      )(issue)
    : undefined;

/** Options for every parse of catalog data, so problems read alike wherever they come from. */
export const catalogParseOptions = { error: defaultMessage } as const;

/**
 * Turns zod issues into problems with JSON paths from the document root; `base` is where the
 * parsed value sits (`['tools', 3]` for a tool parsed on its own). Each unknown member becomes a
 * problem of its own, at its own path.
 */
export function toCatalogProblems(
  issues: readonly Issue[],
  base: readonly JsonPathSegment[] = [],
): CatalogProblem[] {
  const problems: CatalogProblem[] = [];
  for (const issue of issues) {
    const path = [...base, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        problems.push({
          path: formatJsonPath([...path, key]),
          message: 'is not a member of the catalog format',
        });
      }
    } else {
      problems.push({ path: formatJsonPath(path), message: issue.message });
    }
  }
  return problems;
}
