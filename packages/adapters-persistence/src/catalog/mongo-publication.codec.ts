import { z } from 'zod';

/**
 * The three collections of a catalog in MongoDB, and the zod schemas their documents are
 * validated with when read back (a document written by another version, or by hand, is refused
 * with a clear error instead of reaching the search engine).
 *
 * - `catalog_pointer`: one document `{ _id: 'current', publicationId, switchedAt }`: which
 *   publication is live. Switching it is the single write that publishes.
 * - `catalog_publications`: one header per publication, `_id` = publication id.
 * - `catalog_tools`: one document per tool, `_id` = `<publicationId>:<seq>`; `tool` holds the
 *   tool exactly as in docs/cli.md#catalog-format and is validated with the catalog schema on load.
 */
export const COLLECTIONS = {
  pointer: 'catalog_pointer',
  publications: 'catalog_publications',
  tools: 'catalog_tools',
} as const;

export const POINTER_ID = 'current';

export const pointerSchema = z.object({
  _id: z.literal(POINTER_ID),
  publicationId: z.string().min(1),
  switchedAt: z.date(),
});

export const publicationHeaderSchema = z.object({
  _id: z.string().min(1),
  schemaVersion: z.literal(1),
  publishedAt: z.string(),
  toolCount: z.number().int().nonnegative(),
  reviewCount: z.number().int().nonnegative(),
  /** `writing` until every tool is stored; only a `complete` publication is ever pointed to. */
  state: z.enum(['writing', 'complete']),
  /** Since when nobody needs it: refreshed while it is written, set when it stops being live. */
  idleSince: z.date(),
});
export type PublicationHeader = z.infer<typeof publicationHeaderSchema>;

export const toolEntrySchema = z.object({
  _id: z.string(),
  publicationId: z.string(),
  seq: z.number().int().nonnegative(),
  tool: z.unknown(),
});
export type ToolEntry = z.infer<typeof toolEntrySchema>;

/** Parses a document read back; throws an Error naming the collection and the first problem. */
export function decodeStored<T>(schema: z.ZodType<T>, collection: string, raw: unknown): T {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? '' : ` at ${issue.path.join('.')}`;
  throw new Error(
    `A document in MongoDB collection ${collection} is not valid${where}: ${issue?.message ?? 'unknown problem'}`,
  );
}
