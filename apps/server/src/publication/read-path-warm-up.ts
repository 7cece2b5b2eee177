import type { GetTool, LivePublication, SearchTools } from '@reviews/application';
import { tokenize, type Tool } from '@reviews/domain';
import { performance } from 'node:perf_hooks';

/** Tools whose words make the warm-up queries, spread over the catalog. */
const SAMPLED_TOOLS = 48;
/** Warm-up stops after this long even when queries are left, so a huge catalog is not held up. */
const BUDGET_MS = 1_500;

/** What {@link warmUpReadPath} did, for the log. */
interface WarmUp {
  readonly requests: number;
  readonly ms: number;
}

/**
 * Runs the read use cases (search with and without category, prefixes, page 2, browse and
 * detail) over the live publication before the service reports ready, so that the first real
 * request does not pay for compiling the matcher, the excerpts and the presenter: the first
 * query after ready is then as fast as the tenth. Results are not kept anywhere but in the
 * index's own result cache, whose answers are the same either way.
 */
export function warmUpReadPath(
  live: LivePublication,
  searchTools: SearchTools,
  getTool: GetTool,
): WarmUp {
  const started = performance.now();
  const publication = live.current();
  let requests = 0;
  if (publication === undefined || publication.tools.length === 0) return { requests, ms: 0 };
  const { tools } = publication;
  const stride = Math.max(1, Math.floor(tools.length / SAMPLED_TOOLS));
  for (let i = 0; i < tools.length && performance.now() - started < BUDGET_MS; i += stride) {
    const tool = tools[i] as Tool;
    const review = tool.reviews[0];
    const words = tokenize(`${tool.name} ${review?.likes ?? tool.description}`)
      .filter((word) => word.length >= 3)
      .slice(0, 3);
    for (const q of [words.join(' '), words[0]?.slice(0, 3), words[1]].filter(
      (q): q is string => q !== undefined && q !== '',
    )) {
      searchTools.execute({ q });
      searchTools.execute({ q, cursor: '20' });
      requests += 2;
    }
    if (tool.category !== null && words[0] !== undefined) {
      searchTools.execute({ q: words[0], category: tool.category });
      searchTools.execute({ category: tool.category });
      requests += 2;
    }
    searchTools.execute({ cursor: String(i % 100) });
    getTool.execute({ id: tool.id });
    requests += 2;
  }
  return { requests, ms: performance.now() - started };
}
