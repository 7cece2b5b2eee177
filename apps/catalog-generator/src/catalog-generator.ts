import type { Tool } from '@reviews/domain';
import { Prng } from './prng.js';
import { planReviewCounts } from './review-count-plan.js';
import { TextGenerator } from './text-generator.js';
import { ToolGenerator } from './tool-generator.js';
import { Vocabulary } from './vocabulary.js';

/** What to generate. */
export interface GeneratorOptions {
  readonly tools: number;
  readonly seed: number;
  /** Average number of reviews per tool; the total is `round(tools × average)`. */
  readonly reviewsPerTool: number;
}

/**
 * The tools of a synthetic catalog, one at a time, so that a writer can stream them without
 * holding the catalog. Deterministic: the same options give the same tools. The review counts
 * and the content come from separate streams of the seed, so changing the average leaves the
 * tool names and order as they were.
 */
export function* generateTools(options: GeneratorOptions): Generator<Tool> {
  const counts = planReviewCounts(new Prng(options.seed, 1), options.tools, options.reviewsPerTool);
  const prng = new Prng(options.seed, 2);
  const tools = new ToolGenerator(prng, new TextGenerator(prng, new Vocabulary()));
  for (let i = 0; i < options.tools; i++) yield tools.generate(i, counts[i] ?? 0);
}
