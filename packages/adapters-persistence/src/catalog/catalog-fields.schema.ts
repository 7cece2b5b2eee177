import { z } from 'zod';
import { ruleBroken, typeMismatch } from './catalog-problems.js';

/**
 * Field-level rules of contract §2, shared by the catalog schemas. Lengths count characters as
 * Unicode code points (an emoji is one character), so a limit never depends on UTF-16 details.
 */

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/** Control characters other than tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Code units bound code points from above, so counting is only needed near the limit. */
const withinLength = (text: string, max: number): boolean =>
  text.length <= max || [...text].length <= max;

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
    .refine((text) => /\S/.test(text), 'must not be empty or blank')
    .refine(
      (text) => !CONTROL_CHARACTERS.test(text),
      'must be one line of plain text (no control characters)',
    );

/** Plain prose (a description, likes, dislikes): may be empty, may hold line breaks and tabs. */
export const proseText = (max: number) =>
  maxLength(max).refine(
    (text) => !CONTROL_CHARACTERS_BUT_LINE_BREAKS.test(text),
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

const isHttpAddress = (text: string): boolean => {
  if (!/^https?:\/\/\S+$/i.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
};

/** An absolute http(s) address of at most `max` characters, without white space. */
export const httpAddress = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine(isHttpAddress, 'must be an absolute http:// or https:// address');

/** A string matching `pattern` (an identifier of contract §1); `rule` says it to a person. */
export const identifier = (pattern: RegExp, rule: string) =>
  z.string().regex(pattern, `must be ${rule}`);
