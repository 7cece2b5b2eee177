/** The dictionary's order: by UTF-16 unit, as `<` compares strings (for `sort`). */
export const compareUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The sorted list of every term in an index. Sorting by UTF-16 unit (the default string order)
 * keeps all terms that begin with a given prefix next to each other, so a keyword's matches are
 * one contiguous range found by two binary searches.
 */
export class TermDictionary {
  constructor(readonly terms: readonly string[]) {}

  get size(): number {
    return this.terms.length;
  }

  /** The first position whose term is not less than `value`. */
  private lowerBound(value: string): number {
    let low = 0;
    let high = this.terms.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.terms[middle] as string) < value) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * The range `[start, end)` of the terms equal to or beginning with `prefix`. When `prefix`
   * itself is a term it is at `start`, because a string sorts before its extensions.
   */
  prefixRange(prefix: string): { start: number; end: number } {
    const start = this.lowerBound(prefix);
    let low = start;
    let high = this.terms.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.terms[middle] as string).startsWith(prefix)) low = middle + 1;
      else high = middle;
    }
    return { start, end: low };
  }

  isTerm(position: number, value: string): boolean {
    return this.terms[position] === value;
  }
}
