import {
  CATALOG_LIMITS,
  REVIEW_ID_PATTERN,
  STACK_DIMENSIONS,
  STACK_RELATIONSHIPS,
  STACK_STATUSES,
  TOOL_ID_PATTERN,
} from '@reviews/domain';
import { z } from 'zod';
import { ruleBroken, typeMismatch } from './catalog-problems.js';
import {
  calendarDate,
  httpAddress,
  identifier,
  proseText,
  singleLineText,
  utcInstant,
} from './catalog-fields.schema.js';

/**
 * The catalog format (docs/cli.md#catalog-format), identifiers included, as zod schemas. Objects
 * are strict: an unknown member is a problem. The members the export derives (`url` and
 * `markdownUrl` on tools, `url` on reviews, `historicalNotice` and `rights` at the top) are
 * accepted with any value and ignored: the mapper drops them, so export → import → export gives the
 * same document.
 */

const toolId = identifier(
  TOOL_ID_PATTERN,
  'a lowercase slug: a-z, 0-9 and inner hyphens, 1 to 64 characters',
);
const reviewId = identifier(REVIEW_ID_PATTERN, '1 to 64 characters of A-Z, a-z, 0-9, _ and -');
const derived = z.unknown().optional();
const enumOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: ruleBroken(`must be one of ${values.join(', ')}`) });

const catalogAuthorSchema = z.strictObject({
  name: singleLineText(CATALOG_LIMITS.authorName).optional(),
  url: httpAddress(CATALOG_LIMITS.address).optional(),
});

const catalogReviewSchema = z.strictObject({
  id: reviewId,
  revisionId: reviewId,
  reviewedOn: calendarDate,
  updatedAt: utcInstant,
  author: catalogAuthorSchema,
  likes: proseText(CATALOG_LIMITS.likes),
  dislikes: proseText(CATALOG_LIMITS.dislikes),
  url: derived,
});

/** Tag keys and labels are names, held to the name limit; evidence to the description limit. */
const catalogStackTagSchema = z.strictObject({
  key: singleLineText(CATALOG_LIMITS.name),
  label: singleLineText(CATALOG_LIMITS.name),
  dimension: enumOf(STACK_DIMENSIONS),
  relationship: enumOf(STACK_RELATIONSHIPS),
});

const catalogStacksSchema = z.strictObject(
  {
    observed_on: calendarDate,
    status: enumOf(STACK_STATUSES),
    source_url: httpAddress(CATALOG_LIMITS.address),
    evidence: proseText(CATALOG_LIMITS.description),
    tags: z.array(catalogStackTagSchema),
  },
  { error: typeMismatch('an object or null') },
);

/** One tool, on its own: what a store that keeps one document per tool validates. */
export const catalogToolSchema = z.strictObject({
  id: toolId,
  name: singleLineText(CATALOG_LIMITS.name),
  description: proseText(CATALOG_LIMITS.description),
  website: httpAddress(CATALOG_LIMITS.address),
  category: singleLineText(CATALOG_LIMITS.category, 'a string or null').nullable(),
  reviews: z
    .array(catalogReviewSchema)
    .max(
      CATALOG_LIMITS.reviewsPerTool,
      `must hold at most ${CATALOG_LIMITS.reviewsPerTool} reviews`,
    ),
  stacks: catalogStacksSchema.nullable(),
  url: derived,
  markdownUrl: derived,
});

const headerShape = {
  schemaVersion: z.literal(1, { error: ruleBroken('must be 1') }),
  publishedAt: utcInstant,
  historicalNotice: derived,
  rights: derived,
};

/**
 * The top level with `tools` unchecked beyond being an array: lets a reader validate the tools
 * one by one (see `CatalogValidator`) while the header is checked here.
 */
export const catalogHeaderSchema = z.strictObject({
  ...headerShape,
  tools: z.array(z.unknown()),
});

/** A tool as the schema outputs it, derived members included (the mapper drops them). */
export type CatalogToolData = z.output<typeof catalogToolSchema>;
