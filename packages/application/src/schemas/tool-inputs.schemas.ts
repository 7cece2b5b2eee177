import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '@reviews/domain';
import { z } from 'zod';

/**
 * Inputs of the two read operations, typed (MCP arguments use them as they are; the HTTP
 * adapter first turns query strings into these types). Semantic rules that need the domain —
 * keyword count, cursor depth — are checked by the use cases.
 */
/** The page-size range as every message and description words it, from the constants. */
export const LIMIT_RANGE = `1 to ${MAX_PAGE_LIMIT}`;
export const LIMIT_RULE = `a whole number from ${LIMIT_RANGE}`;
const LIMIT_ERROR = `limit must be ${LIMIT_RULE}`;

export const limitSchema = z
  .number({ error: LIMIT_ERROR })
  .int({ error: LIMIT_ERROR })
  .min(1, { error: LIMIT_ERROR })
  .max(MAX_PAGE_LIMIT, { error: LIMIT_ERROR })
  .meta({ description: `Items per page, ${LIMIT_RANGE} (default ${DEFAULT_PAGE_LIMIT}).` });

const CURSOR_ERROR = 'cursor must be the nextCursor of the previous page (1 to 4 digits)';

export const cursorSchema = z
  .string({ error: CURSOR_ERROR })
  .regex(/^[0-9]{1,4}$/, { error: CURSOR_ERROR })
  .meta({ description: 'The nextCursor value of the previous page. Omit for the first page.' });

/**
 * `cursor` as a tool argument (MCP, WebMCP): agents and tools send it as a digit string or as a
 * whole number (the MCP Inspector's `--tool-arg cursor=2` is a number), so both are taken, with
 * the same rule for the value: a number is the cursor of the same digits (docs/mcp.md#tools).
 */
const cursorArgumentSchema = z
  .union(
    [
      cursorSchema,
      z
        .number({ error: CURSOR_ERROR })
        .int({ error: CURSOR_ERROR })
        .min(0, { error: CURSOR_ERROR })
        .max(9999, { error: CURSOR_ERROR })
        .transform(String),
    ],
    { error: `${CURSOR_ERROR}, as a string or a whole number` },
  )
  .meta({
    description:
      'The nextCursor value of the previous page, as a string or a whole number. Omit for the first page.',
  });

/** The facets a search can count (docs/api.md#facets). */
const FACET_NAMES = ['category'] as const;
const FACETS_ERROR = `facets may name only ${FACET_NAMES.join(', ')}`;

export const facetsSchema = z
  .array(z.enum(FACET_NAMES, { error: FACETS_ERROR }), { error: FACETS_ERROR })
  .max(FACET_NAMES.length, { error: `facets may name each of ${FACET_NAMES.join(', ')} once` })
  .meta({
    description:
      'Facets to count over every match of the search (not only the page, and ignoring the category filter): ["category"] adds facets.category, the categories with their tool counts, most frequent first.',
  });

export const highlightSchema = z.boolean({ error: 'highlight must be true or false' }).meta({
  description:
    'true: every item with an excerpt also carries excerptHighlights, the [start, end) UTF-16 offsets in excerpt of the parts of words the keywords matched.',
});

export const searchToolsInputSchema = z
  .object({
    q: z
      .string({ error: 'q must be text' })
      .max(200, { error: 'q must be at most 200 characters' })
      .optional()
      .meta({
        description:
          'Keywords, up to 12, all must match (AND); a keyword also matches words it begins (postgres finds PostgreSQL). No operators: quotes, -, OR are plain text. Omit to browse.',
      }),
    category: z
      .string({ error: 'category must be text' })
      .max(200, { error: 'category must be at most 200 characters' })
      .optional()
      .meta({
        description: 'Exact, case-sensitive category name taken from a tool in a response.',
      }),
    limit: limitSchema.optional(),
    cursor: cursorArgumentSchema.optional(),
    facets: facetsSchema.optional(),
    highlight: highlightSchema.optional(),
  })
  .strict();

/** A tool id as a client may send one (docs/api.md#errors-and-statuses: path id rule). */
const toolIdSchema = z
  .string({ error: 'id must be a tool id from search results' })
  .min(1, { error: 'id must be a tool id from search results' })
  .max(200, { error: 'id must be at most 200 characters' })
  .regex(/^[A-Za-z0-9._~-]+$/, { error: 'id may contain only letters, digits and . _ ~ -' })
  .meta({ description: 'A tool id taken from search results.' });

export const getToolInputSchema = z
  .object({
    id: toolIdSchema,
    limit: limitSchema.optional(),
    cursor: cursorArgumentSchema.optional(),
  })
  .strict();

/** Tools `compare_tools` takes at least and at most (docs/mcp.md#prompts). */
const COMPARED_TOOLS = { min: 2, max: 5 } as const;
const IDS_RULE = `ids must list ${COMPARED_TOOLS.min} to ${COMPARED_TOOLS.max} different tool ids from search results, separated by commas`;

/**
 * Arguments of the MCP prompts (docs/mcp.md#prompts). Prompt arguments are strings on the wire,
 * so `compare_tools` takes its ids as one comma-separated string; each id follows the tool id
 * rule above, with its message.
 */
export const evaluateToolArgumentsSchema = z.object({ id: toolIdSchema }).strict();

export const compareToolsArgumentsSchema = z
  .object({
    ids: z
      .string({ error: IDS_RULE })
      .max(1_100, { error: IDS_RULE })
      .transform((text) =>
        text
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id !== ''),
      )
      .pipe(
        z
          .array(toolIdSchema)
          .min(COMPARED_TOOLS.min, { error: IDS_RULE })
          .max(COMPARED_TOOLS.max, { error: IDS_RULE })
          .refine((ids) => new Set(ids).size === ids.length, { error: IDS_RULE }),
      )
      .meta({
        description: `${COMPARED_TOOLS.min} to ${COMPARED_TOOLS.max} tool ids from search results, separated by commas (e.g. "pgbeam, quillsort").`,
      }),
  })
  .strict();

export type SearchToolsInput = z.infer<typeof searchToolsInputSchema>;
export type GetToolInput = z.infer<typeof getToolInputSchema>;
