import { isRecord } from '@reviews/domain';
import { fileURLToPath } from 'node:url';
import { formatJsonPath, type JsonPathSegment } from './json-path.js';

/**
 * This module's file. The code identity of index snapshots covers it: a snapshot's existence lets
 * a restart skip looking for repeated ids (`FileCatalogSourceOptions.publishedBefore`), which is
 * only right while the rule is the one that published the catalog.
 */
export const DUPLICATE_ID_RULE_MODULE = fileURLToPath(import.meta.url);

/** A repeated id: `path` is relative to the `tools` array (`[4, 'reviews', 0, 'id']`). */
interface DuplicateId {
  readonly path: readonly JsonPathSegment[];
  readonly message: string;
}

/**
 * Remembers the tool ids and review ids seen so far, tool by tool, and reports each later
 * occurrence of one, naming the first. Review ids are unique across the whole catalog, not just
 * within a tool. Accepts tools of any shape: ids that are not strings are reported elsewhere.
 * Where an id was first seen is kept as small integers, so a million reviews stay cheap.
 */
export class DuplicateIdFinder {
  private readonly toolIds = new Map<string, number>();
  /**
   * Every review id seen, in the order first seen: one `add` an id (a `get` then a `set` on a
   * map cost twice the hashing, 1.1 s of a 100k-tool start).
   */
  private readonly reviewIds = new Set<string>();
  /** Pairs (tool index, review index), the n-th pair for the n-th id of `reviewIds`. */
  private readonly reviewPlaces: number[] = [];
  /** Id → its position in `reviewIds`, made at the first repeated review id and kept from then on. */
  private reviewOrder: Map<string, number> | undefined;

  check(tool: unknown, toolIndex: number): DuplicateId[] {
    if (!isRecord(tool)) return [];
    const duplicates: DuplicateId[] = [];
    if (typeof tool.id === 'string') {
      const first = this.toolIds.get(tool.id);
      if (first === undefined) this.toolIds.set(tool.id, toolIndex);
      else duplicates.push(duplicate([toolIndex, 'id'], 'tool id', tool.id, [first, 'id']));
    }
    const reviews: unknown = tool.reviews;
    if (!Array.isArray(reviews)) return duplicates;
    for (let reviewIndex = 0; reviewIndex < reviews.length; reviewIndex++) {
      const review: unknown = reviews[reviewIndex];
      if (!isRecord(review) || typeof review.id !== 'string') continue;
      const id = review.id;
      const seen = this.reviewIds.size;
      this.reviewIds.add(id);
      if (this.reviewIds.size > seen) {
        this.reviewOrder?.set(id, seen);
        this.reviewPlaces.push(toolIndex, reviewIndex);
        continue;
      }
      const place = 2 * (this.orderOf(id) ?? 0);
      const firstTool = this.reviewPlaces[place] ?? 0;
      const firstReview = this.reviewPlaces[place + 1] ?? 0;
      duplicates.push(
        duplicate([toolIndex, 'reviews', reviewIndex, 'id'], 'review id', id, [
          firstTool,
          'reviews',
          firstReview,
          'id',
        ]),
      );
    }
    return duplicates;
  }

  /** Where `id` (already seen) stands in `reviewIds`. */
  private orderOf(id: string): number | undefined {
    if (this.reviewOrder === undefined) {
      this.reviewOrder = new Map();
      let order = 0;
      for (const seen of this.reviewIds) this.reviewOrder.set(seen, order++);
    }
    return this.reviewOrder.get(id);
  }
}

const duplicate = (
  path: JsonPathSegment[],
  what: string,
  id: string,
  firstPath: JsonPathSegment[],
): DuplicateId => ({
  path,
  message: `repeats the ${what} "${id}" of ${formatJsonPath(['tools', ...firstPath])}`,
});
