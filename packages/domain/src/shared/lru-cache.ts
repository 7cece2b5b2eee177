/**
 * A least-recently-used cache bounded by entry count and by total weight (for result lists: the
 * number of tool ordinals they hold; for encoded answers: their bytes), so a few huge entries
 * cannot pin much memory. An entry heavier than the whole bound is not kept.
 */
export class LruCache<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private weight = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight: number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    // Re-inserting moves the key to the end of the Map's order: the most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Whether `key` is kept, without counting as a use. */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  set(key: string, value: V, weight: number): void {
    if (weight > this.maxWeight) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.weight -= previous.weight;
    }
    this.entries.set(key, { value, weight });
    this.weight += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.weight <= this.maxWeight) break;
      this.entries.delete(oldest);
      this.weight -= entry.weight;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** The total weight of the entries kept. */
  get totalWeight(): number {
    return this.weight;
  }
}
