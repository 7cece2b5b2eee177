import { z } from 'zod';
import { ruleBroken, typeMismatch } from './catalog-problems.js';

/**
 * Field-level rules of docs/cli.md#catalog-format, shared by the catalog schemas. Lengths count
 * characters as Unicode code points (an emoji is one character), so a limit never depends on UTF-16
 * details.
 */

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/** Control characters other than tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Code units bound code points from above, so counting is only needed near the limit. */
const withinLength = (text: string, max: number): boolean =>
  text.length <= max || [...text].length <= max;

/*
 * The rules as plain predicates, one per refinement below: the schemas refine with them, and the
 * fast path of `catalog-fast-path.ts` calls them directly, so both apply the same rule.
 */
const hasNonBlank = (text: string): boolean => /\S/.test(text);
const isOneLine = (text: string): boolean => !CONTROL_CHARACTERS.test(text);
const isPlainProse = (text: string): boolean => !CONTROL_CHARACTERS_BUT_LINE_BREAKS.test(text);

/**
 * What `singleLineText(max)` accepts. `controlFree`: the caller knows that `value` holds no
 * control character (see `CatalogJsonVisitor.tool`), so that check is skipped.
 */
export const isSingleLineText = (
  value: unknown,
  max: number,
  controlFree = false,
): value is string =>
  typeof value === 'string' &&
  withinLength(value, max) &&
  hasNonBlank(value) &&
  (controlFree || isOneLine(value));

/** What `proseText(max)` accepts; `controlFree` as for `isSingleLineText`. */
export const isProseText = (value: unknown, max: number, controlFree = false): value is string =>
  typeof value === 'string' && withinLength(value, max) && (controlFree || isPlainProse(value));

const maxLength = (max: number, expected?: string) =>
  z
    .string(expected === undefined ? undefined : { error: typeMismatch(expected) })
    .refine((text) => withinLength(text, max), `must be at most ${max} characters`);

/**
 * One line of plain text (a name, a category, a label): not blank, no control characters.
 * `expected` names the type in mismatch messages (`a string or null` for nullable members).
 */
export const singleLineText = (max: number, expected?: string) =>
  maxLength(max, expected)
    .refine(hasNonBlank, 'must not be empty or blank')
    .refine(isOneLine, 'must be one line of plain text (no control characters)');

/** Plain prose (a description, likes, dislikes): may be empty, may hold line breaks and tabs. */
export const proseText = (max: number) =>
  maxLength(max).refine(
    isPlainProse,
    'must be plain text (no control characters other than tab and line breaks)',
  );

/** A calendar date `YYYY-MM-DD` that exists (`2026-02-30` does not). */
export const calendarDate = z.iso.date({
  error: ruleBroken('must be a calendar date YYYY-MM-DD that exists'),
});

/**
 * An instant in UTC such as `2026-10-03T08:00:00Z` (fractions of a second allowed, offsets not):
 * one time zone is what lets instants be compared as strings.
 */
export const utcInstant = z.iso.datetime({
  error: ruleBroken(
    'must be a UTC date-time such as 2026-10-03T08:00:00Z (no offset other than Z)',
  ),
});

/** What `calendarDate` accepts: zod's own pattern for it. */
export const isCalendarDate = (value: unknown): value is string =>
  typeof value === 'string' && patternOf(calendarDate).test(value);

/** What `utcInstant` accepts: zod's own pattern for it. */
export const isUtcInstant = (value: unknown): value is string =>
  typeof value === 'string' && patternOf(utcInstant).test(value);

function patternOf(format: z.ZodStringFormat): RegExp {
  const pattern = format._zod.def.pattern;
  if (pattern === undefined) throw new Error(`zod's ${format._zod.def.format} has no pattern`);
  return pattern;
}

const isHttpAddress = (text: string): boolean => {
  if (!/^https?:\/\/\S+$/i.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
};

/** What `httpAddress(max)` accepts (zod's `max` counts code points, as `withinLength` does). */
export const isHttpAddressOf = (value: unknown, max: number): value is string =>
  typeof value === 'string' && withinLength(value, max) && isHttpAddress(value);

/** An absolute http(s) address of at most `max` characters, without white space. */
export const httpAddress = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine(isHttpAddress, 'must be an absolute http:// or https:// address');

/**
 * A string matching `pattern` (an identifier of docs/cli.md#catalog-format); `rule` says it to a
 * person.
 */
export const identifier = (pattern: RegExp, rule: string) =>
  z.string().regex(pattern, `must be ${rule}`);
