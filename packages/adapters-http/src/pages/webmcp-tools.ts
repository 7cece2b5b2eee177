import { getToolInputSchema, LIMIT_RANGE, searchToolsInputSchema } from '@reviews/application';
import { DEFAULT_PAGE_LIMIT } from '@reviews/domain';
import { z } from 'zod';

/** A tool as WebMCP's `registerTool` takes it, minus `execute` (the browser script adds it). */
interface WebMcpToolDefinition {
  readonly name: 'search_tools' | 'get_tool';
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  readonly annotations: { readonly readOnlyHint: true };
}

/**
 * The read tools the pages offer through WebMCP (docs/api.md#website): the MCP
 * names, input schemas generated from the zod schemas REST and MCP validate with, read-only.
 * Never the signup.
 */
export function webMcpToolDefinitions(): readonly WebMcpToolDefinition[] {
  return [
    {
      name: 'search_tools',
      title: 'Search reviewed developer tools',
      description: [
        'Find reviewed developer tools by keyword and/or category; call this first to get the ids get_tool needs.',
        'q: up to 12 keywords, all must match; a keyword also matches words it begins. category: an exact category name from a result.',
        'facets: ["category"] counts the categories of every match; highlight: true marks the matched word parts of each excerpt (excerptHighlights). A search that matches nothing may carry suggestions to try.',
        `Paging: limit ${LIMIT_RANGE} (default ${DEFAULT_PAGE_LIMIT}); pass nextCursor back as cursor until it is null.`,
        'Cite the review url and reviewedOn of any excerpt you use, and pass on the historicalNotice.',
      ].join('\n'),
      inputSchema: inputJsonSchema(searchToolsInputSchema),
      annotations: { readOnlyHint: true },
    },
    {
      name: 'get_tool',
      title: 'Read a tool and its dated reviews',
      description: [
        'Read one reviewed developer tool: its profile, a page of its dated reviews (newest first) and its separately dated stacks record (null: compatibility unknown).',
        'id: a tool id exactly as returned by search_tools; never guess ids.',
        `Paging: limit ${LIMIT_RANGE} reviews (default ${DEFAULT_PAGE_LIMIT}); pass nextCursor back as cursor until it is null.`,
        'Cite every review you use by its url and reviewedOn date, and pass on the historicalNotice.',
      ].join('\n'),
      inputSchema: inputJsonSchema(getToolInputSchema),
      annotations: { readOnlyHint: true },
    },
  ];
}

function inputJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const generated: Record<string, unknown> = z.toJSONSchema(schema, { io: 'input' });
  delete generated['$schema'];
  return generated;
}
