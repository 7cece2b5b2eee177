import {
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  UriTemplate,
  type ListResourcesResult,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplateType,
} from '@modelcontextprotocol/server';
import {
  evaluateToolArgumentsSchema,
  type GetCatalogOverview,
  type GetReview,
  type GetTool,
  type ListTools,
  type SearchTools,
  type ToolBody,
} from '@reviews/application';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, type DomainError } from '@reviews/domain';
import {
  categoryPath,
  foldToOneLine,
  markdownAutolink,
  markdownInline,
  reviewMarkdown,
  rightsMarkdown,
  toolMarkdown,
} from '@reviews/http-common';
import { z } from 'zod';
import { MCP_SERVER_NAMESPACE } from '../server/server-identity.js';
import { renderSearchResult } from '../tools/markdown-rendering.js';

/** The resource templates (docs/mcp.md#resources). */
export const TOOL_RESOURCE_TEMPLATE = 'reviews://tools/{id}';
export const REVIEW_RESOURCE_TEMPLATE = 'reviews://tools/{id}/reviews/{reviewId}';
export const CATEGORY_RESOURCE_TEMPLATE = 'reviews://categories/{category}';

/** Tools per `resources/list` page. */
const RESOURCES_PAGE_SIZE = 50;

export const MARKDOWN = 'text/markdown';

/** The URI of a tool's resource (`TOOL_RESOURCE_TEMPLATE` expanded). */
export const toolResourceUri = (toolId: string): string => toolTemplate.expand({ id: toolId });

/** The URI of one review's resource (`REVIEW_RESOURCE_TEMPLATE` expanded). */
export const reviewResourceUri = (toolId: string, reviewId: string): string =>
  reviewTemplate.expand({ id: toolId, reviewId });

/** The `_meta` key that names a resource's web page (the `url` of the REST bodies). */
const WEB_PAGE_META_KEY = `${MCP_SERVER_NAMESPACE}/url`;

const toolTemplate = new UriTemplate(TOOL_RESOURCE_TEMPLATE);
const reviewTemplate = new UriTemplate(REVIEW_RESOURCE_TEMPLATE);
const categoryTemplate = new UriTemplate(CATEGORY_RESOURCE_TEMPLATE);

/** A `resources/list` cursor: the position of the page's first tool, as we sent it. */
const listCursorSchema = z.string().regex(/^[0-9]{1,9}$/);

/** Review ids follow the tool id rule of the path (docs/api.md#errors-and-statuses). */
const idRule = evaluateToolArgumentsSchema.shape.id;

export const RESOURCE_TEMPLATES: readonly ResourceTemplateType[] = [
  {
    uriTemplate: TOOL_RESOURCE_TEMPLATE,
    name: 'tool',
    title: 'A reviewed tool and its newest reviews (Markdown)',
    description: `The Markdown twin of a tool's page: profile, its ${DEFAULT_PAGE_LIMIT} newest dated reviews with the address to cite each, its separately dated stacks record, the historical notice and the rights. id: a tool id from search_tools or resources/list.`,
    mimeType: MARKDOWN,
  },
  {
    uriTemplate: REVIEW_RESOURCE_TEMPLATE,
    name: 'review',
    title: 'One dated review (Markdown)',
    description:
      'One review of a tool, with its date, the address to cite, the historical notice and the rights. reviewId: the id of a review of that tool.',
    mimeType: MARKDOWN,
  },
  {
    uriTemplate: CATEGORY_RESOURCE_TEMPLATE,
    name: 'category',
    title: 'The tools of a category (Markdown)',
    description: `The first ${MAX_PAGE_LIMIT} tools of a category, most recently reviewed first, as search_tools with that category lists them, with how to read the rest, the historical notice and the rights. category: a category name, exactly (completion offers every one).`,
    mimeType: MARKDOWN,
  },
];

interface ToolResourcesDeps {
  readonly listTools: Pick<ListTools, 'execute'>;
  readonly getTool: Pick<GetTool, 'execute'>;
  readonly getReview: Pick<GetReview, 'execute'>;
  readonly searchTools: Pick<SearchTools, 'execute'>;
  /** The categories with their counts, as the home page lists them. */
  readonly getOverview: Pick<GetCatalogOverview, 'execute'>;
  /** `PUBLIC_BASE_URL` without a trailing slash: a category's web page is built from it. */
  readonly baseUrl: string;
}

/**
 * The catalog as MCP resources (docs/mcp.md#resources): `resources/list` pages through every
 * tool (`reviews://tools/{id}`), and `resources/read` answers with the text of the Markdown twin
 * (the same function as `/tools/{id}.md`), of one review, or of a category's first page of tools
 * (the `search_tools` text of that browse). Every resource names its web page in
 * `_meta` (`WEB_PAGE_META_KEY`). Errors are JSON-RPC errors: a bad cursor is -32602, a URI that
 * names nothing is -32602 with `data.uri` (`ResourceNotFoundError`), an unpublished catalog -32603.
 */
export function toolResources(deps: ToolResourcesDeps) {
  /**
   * A category's resource: its name, how many tools it has, its web page, then its first page of
   * tools in browse order — the very text `search_tools` answers for that category — and the
   * rights. A name no tool has is not found, as an unknown tool is.
   */
  const readCategory = (uri: string, name: string): ReadResourceResult => {
    const listed = settle(deps.getOverview.execute()).categories.find((c) => c.name === name);
    if (listed === undefined) {
      throw new ResourceNotFoundError(
        uri,
        `No category is named "${name}". Complete the {category} of ${CATEGORY_RESOURCE_TEMPLATE} for the names.`,
      );
    }
    const body = settle(deps.searchTools.execute({ category: name, limit: MAX_PAGE_LIMIT }));
    const webPage = `${deps.baseUrl}${categoryPath(name)}`;
    const shown = Math.min(listed.toolCount, MAX_PAGE_LIMIT);
    const text = [
      `# Category: ${markdownInline(name)}`,
      '',
      `${listed.toolCount} ${listed.toolCount === 1 ? 'tool' : 'tools'}; ${shown === listed.toolCount ? 'all' : `the first ${shown}`} here, most recently reviewed first. Web page: ${markdownAutolink(webPage)}`,
      '',
      renderSearchResult(body),
      '',
      ...rightsMarkdown(body.rights),
    ].join('\n');
    return contents(uri, text, webPage);
  };

  return {
    list(cursor: string | undefined): ListResourcesResult {
      const parsed = listCursorSchema.safeParse(cursor ?? '0');
      if (!parsed.success) {
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          'Invalid cursor: send the nextCursor of the previous resources/list answer, or no cursor for the first page.',
        );
      }
      const page = settle(
        deps.listTools.execute({ offset: Number(parsed.data), limit: RESOURCES_PAGE_SIZE }),
      );
      return {
        resources: page.tools.map(toolResource),
        ...(page.nextOffset === null ? {} : { nextCursor: String(page.nextOffset) }),
      };
    },

    read(uri: string): ReadResourceResult {
      const review = reviewTemplate.match(uri);
      if (review !== null) {
        const toolId = known(uri, review['id']);
        const reviewId = known(uri, review['reviewId']);
        const page = found(uri, deps.getReview.execute({ toolId, reviewId }));
        return contents(uri, reviewMarkdown(page), page.review.url);
      }
      const tool = toolTemplate.match(uri);
      if (tool !== null) {
        const detail = found(uri, deps.getTool.execute({ id: known(uri, tool['id']) }));
        return contents(uri, toolMarkdown(detail, undefined), detail.tool.url);
      }
      const category = categoryTemplate.match(uri);
      if (category !== null) return readCategory(uri, decoded(uri, category['category']));
      throw new ResourceNotFoundError(
        uri,
        `Resource not found: ${uri}. This server's resources are ${TOOL_RESOURCE_TEMPLATE}, ${REVIEW_RESOURCE_TEMPLATE} and ${CATEGORY_RESOURCE_TEMPLATE} (resources/list lists the tools).`,
      );
    },
  };
}

/** The `resources/list` entry of a tool. */
function toolResource(tool: ToolBody): Resource {
  const category = tool.category === null ? 'No category' : `Category ${tool.category}`;
  return {
    uri: toolResourceUri(tool.id),
    name: tool.id,
    title: tool.name,
    description: foldToOneLine(`${category}. ${tool.description}`),
    mimeType: MARKDOWN,
    _meta: { [WEB_PAGE_META_KEY]: tool.url },
  };
}

function contents(uri: string, text: string, webPage: string): ReadResourceResult {
  return {
    contents: [{ uri, mimeType: MARKDOWN, text, _meta: { [WEB_PAGE_META_KEY]: webPage } }],
  };
}

/** A template variable that can name something here (the path id rule), else not found. */
function known(uri: string, value: string | string[] | undefined): string {
  const parsed = idRule.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ResourceNotFoundError(
    uri,
    `Resource not found: ${uri}. Ids contain only letters, digits and . _ ~ - (at most 200 characters).`,
  );
}

/** A template variable as the text it percent-encodes (RFC 6570 expansion), else not found. */
function decoded(uri: string, value: string | string[] | undefined): string {
  try {
    if (typeof value === 'string' && value !== '') return decodeURIComponent(value);
  } catch {
    // Not percent-encoding: the URI names nothing, as below.
  }
  throw new ResourceNotFoundError(uri, `Resource not found: ${uri}. It names no category.`);
}

/** The value of a read, or its error: nothing by that id is not found (with the URI). */
function found<T>(
  uri: string,
  result: { ok: true; value: T } | { ok: false; error: DomainError },
): T {
  if (result.ok) return result.value;
  if (result.error.code === 'CATALOG_UNAVAILABLE') return settle(result);
  throw new ResourceNotFoundError(uri, result.error.message);
}

/** The value, or the unpublished catalog as an internal error a client may retry. */
function settle<T>(result: { ok: true; value: T } | { ok: false; error: DomainError }): T {
  if (result.ok) return result.value;
  throw new ProtocolError(ProtocolErrorCode.InternalError, result.error.message);
}
