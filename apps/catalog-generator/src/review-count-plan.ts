import { CATALOG_LIMITS } from '@reviews/domain';
import type { Prng } from './prng.js';

/** Share of tools that have no review at all. */
const WITHOUT_REVIEWS = 0.12;
/** Spread of the log-normal: a long tail of tools with many times the median. */
const SIGMA = 1.2;

/**
 * How many reviews each tool gets: about one in eight gets none, the others a log-normal share,
 * so most tools have a few and a long tail has many. The shares are rounded along their running
 * sum, which makes the total exactly `round(tools × average)` (unless the per-tool limit of
 * docs/cli.md#catalog-format cuts a share, which takes averages far above the defaults).
 */
export function planReviewCounts(prng: Prng, tools: number, average: number): Int32Array {
  const counts = new Int32Array(tools);
  const total = Math.round(tools * average);
  if (tools === 0 || total === 0) return counts;
  const weights = new Float64Array(tools);
  let weightSum = 0;
  for (let i = 0; i < tools; i++) {
    const weight = prng.chance(WITHOUT_REVIEWS) ? 0 : Math.exp(SIGMA * prng.normal());
    weights[i] = weight;
    weightSum += weight;
  }
  if (weightSum === 0) {
    weights.fill(1);
    weightSum = tools;
  }
  let running = 0;
  let assigned = 0;
  for (let i = 0; i < tools; i++) {
    running += weights[i] ?? 0;
    const upTo = Math.round((running / weightSum) * total);
    counts[i] = Math.min(upTo - assigned, CATALOG_LIMITS.reviewsPerTool);
    assigned = upTo;
  }
  return counts;
}
