import { err, ok, type Result } from '@reviews/domain';
import type { LivePublication } from '../catalog/live-publication.js';
import { catalogUnavailable, type CatalogUnavailableError } from './read-errors.js';

/** Values offered at most per completion (docs/mcp.md#completions). */
export const MAX_COMPLETIONS = 20;
/**
 * Category names offered at most: the protocol's cap on one answer, so that an empty value gives
 * every category of any catalog that has fewer (docs/mcp.md#completions).
 */
const MAX_CATEGORY_COMPLETIONS = 100;

/** What is being completed, and what the client typed so far. */
type CompletionInput =
  | { readonly kind: 'toolId'; readonly value: string }
  | { readonly kind: 'category'; readonly value: string }
  | { readonly kind: 'reviewId'; readonly toolId: string | undefined; readonly value: string };

export interface Completion {
  /** At most `MAX_COMPLETIONS` values (`MAX_CATEGORY_COMPLETIONS` for a category). */
  readonly values: readonly string[];
  /** Whether more values begin with what was typed. */
  readonly hasMore: boolean;
}

/**
 * Completion of an argument that names something in the catalog (docs/mcp.md#completions):
 * - a tool id: the ids of tools whose id or name begins with the value (folded), by that key;
 * - a category: the names of the categories (those the home page lists) that begin with the
 *   value (folded), by name, up to 100;
 * - a review id of a tool (known from an argument given before): the ids of its reviews that
 *   begin with the value, newest first; none when the tool is not given or not known.
 */
export class CompleteArgument {
  constructor(private readonly live: LivePublication) {}

  execute(input: CompletionInput): Result<Completion, CatalogUnavailableError> {
    const publication = this.live.current();
    if (publication === undefined) return err(catalogUnavailable());
    if (input.kind === 'toolId') {
      const found = publication.toolsByPrefix(input.value, MAX_COMPLETIONS);
      return ok({ values: found.tools.map((tool) => tool.id), hasMore: found.more });
    }
    if (input.kind === 'category') {
      const found = publication.categoriesByPrefix(input.value, MAX_CATEGORY_COMPLETIONS);
      return ok({ values: found.names, hasMore: found.more });
    }
    const tool = input.toolId === undefined ? undefined : publication.findTool(input.toolId);
    const ids = (tool?.reviews ?? [])
      .map((review) => review.id)
      .filter((id) => id.startsWith(input.value));
    return ok({ values: ids.slice(0, MAX_COMPLETIONS), hasMore: ids.length > MAX_COMPLETIONS });
  }
}
