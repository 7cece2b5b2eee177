import {
  MAX_SUGGESTIONS,
  STACK_DIMENSIONS,
  STACK_RELATIONSHIPS,
  STACK_STATUSES,
} from '@reviews/domain';
import { z } from 'zod';

/**
 * The bodies of the read API (docs/api.md#every-response) as zod schemas. They are the single
 * source of the OpenAPI document, the MCP output schemas and the tests' response checks, so those
 * three cannot drift apart. Every response object is open (`.loose()`: JSON Schema without
 * `additionalProperties: false`): new optional members may appear in schema version 1 and clients
 * ignore members they do not know, so a client that validates against an older copy keeps working.
 * Inputs stay strict (tool-inputs.schemas.ts).
 */
export const rightsSchema = z
  .object({
    copyrightHolder: z.string(),
    copyrightYear: z.number().int(),
    statement: z.string(),
    usageTerms: z.string(),
    contact: z.string(),
    usageInfo: z.string(),
  })
  .loose()
  .meta({
    id: 'Rights',
    description: 'Who holds the rights to the reviews and how they may be used.',
  });

const toolSchema = z
  .object({
    id: z.string().meta({ description: 'Use it with get_tool / GET /api/v1/tools/{id}.' }),
    name: z.string(),
    description: z.string(),
    website: z.string(),
    category: z
      .string()
      .nullable()
      .meta({ description: 'Exact category name, usable as the category filter.' }),
    url: z.string().meta({ description: 'Address of the tool page.' }),
    markdownUrl: z.string().meta({ description: 'Address of the Markdown form of the tool page.' }),
  })
  .loose()
  .meta({ id: 'Tool' });

export const reviewCitationSchema = z
  .object({
    id: z.string(),
    url: z.string().meta({ description: 'Address to cite.' }),
    reviewedOn: z.iso.date().meta({ description: 'Date of the review, to cite with its url.' }),
  })
  .loose()
  .meta({ id: 'ReviewCitation', description: 'The historical review an excerpt was taken from.' });

export const matchedStackTagSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    labelHighlights: z
      .array(z.array(z.number().int().min(0)).length(2))
      .optional()
      .meta({
        description:
          'Only with highlight=true: [start, end) UTF-16 offsets in label of the part of each word a keyword matched.',
      }),
  })
  .loose()
  .meta({ id: 'MatchedStackTag' });

export const searchItemSchema = toolSchema
  .extend({
    excerpt: z.string().optional(),
    excerptSource: z.enum(['likes', 'dislikes', 'tool']).optional().meta({
      description:
        '`tool`: the excerpt is current profile metadata; `likes`/`dislikes`: it belongs to the cited historical review.',
    }),
    review: reviewCitationSchema.optional(),
    excerptHighlights: z
      .array(z.array(z.number().int().min(0)).length(2))
      .optional()
      .meta({
        description:
          'Only with highlight=true, on items with an excerpt: [start, end) UTF-16 offsets in excerpt of the part of each word a keyword matched, in order (postg marks Postg in PostgreSQL).',
      }),
    matchedStackTags: z.array(matchedStackTagSchema).optional().meta({
      description:
        'Only on keyword searches, and only when a keyword matched a stack tag but not the name, description or category: those tags, to show beside the excerpt (which may lack the keyword).',
    }),
  })
  .loose()
  .meta({ id: 'SearchItem' });

export const closestToolSchema = searchItemSchema
  .extend({
    matchedKeywords: z
      .array(z.string())
      .min(1)
      .meta({ description: 'The keywords of q this tool matches, folded, in the order of q.' }),
    missingKeywords: z.array(z.string()).min(1).meta({
      description: 'The keywords of q this tool does not match, folded, in the order of q.',
    }),
  })
  .loose()
  .meta({
    id: 'ClosestTool',
    description:
      'A tool that matches some keywords of q but not all: a partial match, with its excerpt and cited review as in items.',
  });

export const facetCountSchema = z
  .object({
    name: z.string().meta({ description: 'Exact category name, usable as the category filter.' }),
    count: z.number().int().min(1).meta({ description: 'How many tools match in it.' }),
  })
  .loose()
  .meta({ id: 'FacetCount' });

export const searchSuggestionSchema = z
  .object({
    q: z.string().meta({ description: 'A search to try instead, with the same category.' }),
    total: z.number().int().min(1).meta({ description: 'How many tools it finds.' }),
  })
  .loose()
  .meta({ id: 'SearchSuggestion' });

export const reviewSchema = z
  .object({
    id: z.string(),
    revisionId: z.string(),
    url: z.string().meta({ description: 'Address to cite.' }),
    reviewedOn: z.iso.date(),
    updatedAt: z.iso.datetime({ offset: true }),
    author: z.object({ name: z.string().optional(), url: z.string().optional() }).loose(),
    likes: z.string(),
    dislikes: z.string(),
  })
  .loose()
  .meta({ id: 'Review' });

export const stackTagSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    dimension: z.enum(STACK_DIMENSIONS),
    relationship: z.enum(STACK_RELATIONSHIPS),
  })
  .loose()
  .meta({ id: 'StackTag' });

export const stacksSchema = z
  .object({
    observed_on: z.iso.date(),
    status: z.enum(STACK_STATUSES),
    source_url: z.string(),
    evidence: z.string(),
    tags: z.array(stackTagSchema),
  })
  .loose()
  .meta({
    id: 'Stacks',
    description: 'Technology-stack research, dated separately from the reviews.',
  });

const envelope = {
  historicalNotice: z.string(),
  rights: rightsSchema,
};

export const searchResultSchema = z
  .object({
    schemaVersion: z.literal(1),
    items: z.array(searchItemSchema),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'Pass as cursor to get the next page; null when there is none.' }),
    facets: z
      .object({ category: z.array(facetCountSchema) })
      .loose()
      .optional()
      .meta({
        description:
          'Only with facets=category: the categories of every match (all pages, whatever the category filter), most frequent first, ties by name.',
      }),
    suggestions: z
      .array(searchSuggestionSchema)
      .max(MAX_SUGGESTIONS)
      .optional()
      .meta({
        description: `Only when a keyword search matches no tool at all: up to ${MAX_SUGGESTIONS} spellings of q (typo-tolerant) that do find tools, each with its total.`,
      }),
    closestTools: z.array(closestToolSchema).optional().meta({
      description:
        'Only when no tool matches every keyword of q (within category): at most limit tools that match the most keywords, a rare keyword weighing more than a common one, best first; no cursor. items stays empty.',
    }),
    ...envelope,
  })
  .loose()
  .meta({ id: 'SearchResult' });

export const detailResultSchema = z
  .object({
    schemaVersion: z.literal(1),
    tool: toolSchema,
    reviews: z.array(reviewSchema).meta({ description: 'One page, newest first.' }),
    nextCursor: z.string().nullable(),
    stacks: stacksSchema
      .nullable()
      .meta({ description: 'Null means unresearched: compatibility unknown.' }),
    ...envelope,
  })
  .loose()
  .meta({ id: 'DetailResult' });

export const errorBodySchema = z
  .object({
    error: z.string().meta({ description: 'What went wrong, in words a person can act on.' }),
  })
  .loose()
  .meta({ id: 'Error' });

export type Rights = z.infer<typeof rightsSchema>;
export type ToolBody = z.infer<typeof toolSchema>;
export type SearchItemBody = z.infer<typeof searchItemSchema>;
export type ClosestToolBody = z.infer<typeof closestToolSchema>;
export type ReviewBody = z.infer<typeof reviewSchema>;
export type SearchResultBody = z.infer<typeof searchResultSchema>;
export type DetailResultBody = z.infer<typeof detailResultSchema>;
