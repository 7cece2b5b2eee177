import type { Tool } from '../catalog/tool.js';
import { MAX_PAGE_LIMIT } from '../paging/page-window.js';
import type { Excerpt, SearchHit, SearchResultList } from './search-types.js';
import type { ReviewTextFacts } from './review-text-facts.js';
import { toolExcerpt } from './tool-excerpt.js';

/**
 * Excerpts of the first positions are kept once built: the first page is what most requests
 * ask for, and a publication never changes, so the same excerpt would be built again each time
 * the (cached) list is asked. Deeper positions are built on demand and not kept, which bounds
 * what a cached list holds.
 */
const KEPT_EXCERPTS = MAX_PAGE_LIMIT;

/**
 * An ordered result list over a publication's tools. It holds ordinals only, often just the
 * first ones (pages never reach deeper); hits, and for keyword searches their excerpts, are
 * built for the slice asked for and nothing else.
 */
export class OrdinalResultList implements SearchResultList {
  /** Built excerpts by position, below {@link KEPT_EXCERPTS}. */
  private readonly keptExcerpts: Excerpt[] = [];

  /**
   * @param ordinals the first results in order: all `total` of them, or a prefix when
   *   `completeOrder` can produce a longer one on demand: at least the first `to`, when a slice
   *   up to `to` is asked for.
   * @param keywords folded keywords; empty for browsing, which has no excerpts.
   * @param textFacts what is known of the review texts of `tools`, to spare excerpts reading them.
   */
  constructor(
    private readonly tools: readonly Tool[],
    private ordinals: Uint32Array,
    readonly total: number,
    private readonly keywords: readonly string[],
    private readonly completeOrder?: (to: number) => Uint32Array,
    private readonly textFacts?: ReviewTextFacts,
  ) {}

  /** Hits at positions `[start, end)`, clamped to the list; empty when the range is. */
  hits(start: number, end: number): readonly SearchHit[] {
    const from = Math.max(0, Math.min(start, this.total));
    const to = Math.max(from, Math.min(end, this.total));
    if (to > this.ordinals.length && this.completeOrder !== undefined)
      this.ordinals = this.completeOrder(to);
    return Array.from(this.ordinals.subarray(from, to), (ordinal, i) => {
      const tool = this.tools[ordinal] as Tool;
      return this.keywords.length === 0
        ? { tool }
        : { tool, excerpt: this.excerpt(from + i, ordinal, tool) };
    });
  }

  private excerpt(position: number, ordinal: number, tool: Tool): Excerpt {
    if (position < KEPT_EXCERPTS && this.keptExcerpts[position] !== undefined)
      return this.keptExcerpts[position];
    const facts = this.textFacts;
    const excerpt = toolExcerpt(
      tool,
      this.keywords,
      facts === undefined
        ? undefined
        : {
            isPlain: (review, source) => facts.isPlain(ordinal, review, source),
            mayHold: (review, source, bit) => facts.mayHold(ordinal, review, source, bit),
            newestFirst: () => facts.newestFirst(ordinal),
          },
    );
    if (position < KEPT_EXCERPTS) this.keptExcerpts[position] = excerpt;
    return excerpt;
  }

  /** How many ordinals the list holds, to weigh it in a cache. */
  get size(): number {
    return this.ordinals.length;
  }
}
