import { isRecord } from '@reviews/domain';
import { formatJsonPath, type JsonPathSegment } from './json-path.js';

/** A repeated id: `path` is relative to the `tools` array (`[4, 'reviews', 0, 'id']`). */
export interface DuplicateId {
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
  private readonly reviewIds = new Map<string, number>();
  /** Pairs (tool index, review index), addressed by the values of `reviewIds`. */
  private readonly reviewPlaces: number[] = [];

  check(tool: unknown, toolIndex: number): DuplicateId[] {
    if (!isRecord(tool)) return [];
    const duplicates: DuplicateId[] = [];
    if (typeof tool.id === 'string') {
      const first = this.toolIds.get(tool.id);
      if (first === undefined) this.toolIds.set(tool.id, toolIndex);
      else duplicates.push(duplicate([toolIndex, 'id'], 'tool id', tool.id, [first, 'id']));
    }
    if (!Array.isArray(tool.reviews)) return duplicates;
    tool.reviews.forEach((review: unknown, reviewIndex) => {
      if (!isRecord(review) || typeof review.id !== 'string') return;
      const place = this.reviewIds.get(review.id);
      if (place === undefined) {
        this.reviewIds.set(review.id, this.reviewPlaces.length);
        this.reviewPlaces.push(toolIndex, reviewIndex);
        return;
      }
      const firstTool = this.reviewPlaces[place] ?? 0;
      const firstReview = this.reviewPlaces[place + 1] ?? 0;
      duplicates.push(
        duplicate([toolIndex, 'reviews', reviewIndex, 'id'], 'review id', review.id, [
          firstTool,
          'reviews',
          firstReview,
          'id',
        ]),
      );
    });
    return duplicates;
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
