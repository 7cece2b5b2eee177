import {
  cursorSchema,
  facetsSchema,
  getToolInputSchema,
  highlightSchema,
  LIMIT_RANGE,
  LIMIT_RULE,
  limitSchema,
} from '@reviews/application';
import { DEFAULT_PAGE_LIMIT } from '@reviews/domain';
import { z } from 'zod';

/**
 * Query strings of the read API as they arrive (strings; a repeated parameter arrives as an
 * array), turned into the typed inputs of the use cases. Unknown parameters are ignored; a known
 * one given twice or given empty is refused (docs/api.md#errors-and-statuses).
 */
function single(name: string, rule: string): z.ZodString {
  return z.string({
    error: (issue) =>
      Array.isArray(issue.input) ? `give ${name} only once` : `${name} must be ${rule}`,
  });
}

const limitParam = single('limit', LIMIT_RULE)
  .regex(/^[0-9]+$/, { error: `limit must be ${LIMIT_RULE}` })
  .transform((value) => Number.parseInt(value, 10))
  .pipe(limitSchema);

const cursorParam = single('cursor', 'the nextCursor of the previous page (1 to 4 digits)').pipe(
  cursorSchema,
);

/** `facets=category`: a comma-separated list of facet names (docs/api.md#facets). */
const facetsParam = single('facets', 'a comma-separated list of facet names: category')
  .transform((value) => [...new Set(value.split(','))])
  .pipe(facetsSchema);

/** `highlight=true` or `highlight=false` (docs/api.md#highlights). */
const highlightParam = single('highlight', 'true or false')
  .regex(/^(?:true|false)$/, { error: 'highlight must be true or false' })
  .transform((value) => value === 'true')
  .pipe(highlightSchema);

export const searchToolsQuerySchema = z.object({
  q: single('q', 'text').max(200, { error: 'q must be at most 200 characters' }).optional().meta({
    description:
      'Up to 12 keywords, all must match (AND); a keyword also matches words it begins (postgres finds PostgreSQL). Quotes, -, +, OR and * are plain text. Empty or omitted: browse everything.',
  }),
  category: single('category', 'text')
    .min(1, { error: 'category must not be empty: omit it to search every category' })
    .max(200, { error: 'category must be at most 200 characters' })
    .optional()
    .meta({ description: 'Exact, case-sensitive category name taken from a tool in a response.' }),
  limit: limitParam.optional().meta({
    description: `Items per page, ${LIMIT_RANGE} (default ${DEFAULT_PAGE_LIMIT}).`,
  }),
  cursor: cursorParam.optional().meta({
    description: 'The nextCursor value of the previous response; omit for the first page.',
  }),
  facets: facetsParam.optional(),
  highlight: highlightParam.optional(),
});

export const getToolQuerySchema = z.object({
  limit: limitParam.optional().meta({
    description: `Reviews per page, ${LIMIT_RANGE} (default ${DEFAULT_PAGE_LIMIT}).`,
  }),
  cursor: cursorParam.optional().meta({
    description: 'The nextCursor value of the previous response; omit for the first page.',
  }),
});

export const toolIdParamSchema = z.object({ id: getToolInputSchema.shape.id });
