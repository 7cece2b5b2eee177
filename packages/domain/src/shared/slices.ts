/**
 * Sorts `items` (a copy; the input is left as it is) with `compare`, yielding after about every
 * `slice` elements handled, so that a caller driving the generator can let other work run
 * between slices: runs of `slice` elements are sorted one per slice, then merged pairwise, which
 * is a stable merge sort of the whole array. Returns the sorted copy.
 */
export function* sortedInSlices<T>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
  slice: number,
): Generator<void, T[]> {
  const n = items.length;
  let source: T[] = [];
  for (let low = 0; low < n; low += slice) {
    source.push(...items.slice(low, low + slice).sort(compare));
    yield;
  }
  let target: T[] = new Array<T>(n);
  let handled = 0;
  for (let width = slice; width < n; width *= 2) {
    for (let low = 0; low < n; low += 2 * width) {
      const middle = Math.min(low + width, n);
      const high = Math.min(low + 2 * width, n);
      let left = low;
      let right = middle;
      for (let at = low; at < high; at++) {
        // Ties take the left run first: the merge keeps the sort stable.
        if (right >= high || (left < middle && compare(source[left] as T, source[right] as T) <= 0))
          target[at] = source[left++] as T;
        else target[at] = source[right++] as T;
        if (++handled >= slice) {
          handled = 0;
          yield;
        }
      }
    }
    [source, target] = [target, source];
  }
  return source;
}

/** Runs a computation made of slices (a generator that yields between them) to its end at once. */
export function finished<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}
