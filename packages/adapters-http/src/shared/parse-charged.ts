import type { z } from 'zod';
import { HttpError } from './http-error.js';
import { describeIssues } from './zod-messages.js';

/**
 * Parses request input with its schema. Invalid requests are answered too, so they are charged
 * like any other (only a 304 is free): `charge` runs before the 400 is thrown.
 */
export async function parseCharged<S extends z.ZodType>(
  schema: S,
  value: unknown,
  charge: () => Promise<void>,
): Promise<z.output<S>> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  await charge();
  throw new HttpError(400, describeIssues(parsed.error));
}
