import { foldText } from '../search/text-folding.js';
import { sortedInSlices } from '../shared/slices.js';
import type { Tool } from './tool.js';

/** Tools whose id or name begins with a prefix, and whether more were left out. */
export interface ToolPrefixMatches {
  readonly tools: readonly Tool[];
  readonly more: boolean;
}

interface Key {
  readonly folded: string;
  readonly ordinal: number;
}

const byFolded = (a: Key, b: Key): number =>
  a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : a.ordinal - b.ordinal;

/**
 * Tools found by the beginning of their id or name (docs/mcp.md#completions: completing a tool
 * id), folded as search folds text (`pg` finds `PgBeam`, `creme` finds `Crème`). Built once per
 * publication: the folded ids and names sorted, so a lookup is a binary search and a walk over
 * the matches it returns, whatever the size of the catalog.
 */
export class ToolPrefixIndex {
  private constructor(
    private readonly tools: readonly Tool[],
    private readonly keys: readonly Key[],
  ) {}

  /**
   * Builds the index over `tools`, yielding after about every `slice` tools or keys handled, so
   * that whoever drives it can answer requests between slices (`Publication.preparation`).
   */
  static *inSlices(tools: readonly Tool[], slice: number): Generator<void, ToolPrefixIndex> {
    const keys: Key[] = [];
    for (let ordinal = 0; ordinal < tools.length; ordinal++) {
      const tool = tools[ordinal] as Tool;
      const id = foldText(tool.id);
      keys.push({ folded: id, ordinal });
      const name = foldText(tool.name);
      if (name !== id) keys.push({ folded: name, ordinal });
      if ((ordinal + 1) % slice === 0) yield;
    }
    return new ToolPrefixIndex(tools, yield* sortedInSlices(keys, byFolded, slice));
  }

  /**
   * At most `max` tools whose folded id or name begins with the folded `prefix`, in the order of
   * the key that matched (ids and names together, by folded text), each tool once.
   */
  match(prefix: string, max: number): ToolPrefixMatches {
    const folded = foldText(prefix);
    const found = new Set<number>();
    let more = false;
    for (let i = this.lowerBound(folded); i < this.keys.length; i += 1) {
      const key = this.keys[i] as Key;
      if (!key.folded.startsWith(folded)) break;
      if (found.has(key.ordinal)) continue;
      if (found.size === max) {
        more = true;
        break;
      }
      found.add(key.ordinal);
    }
    return { tools: [...found].map((ordinal) => this.tools[ordinal] as Tool), more };
  }

  /** The first key not below `folded`. */
  private lowerBound(folded: string): number {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.keys[middle] as Key).folded < folded) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
