type UintArray = Uint8Array | Uint32Array;

const BLOCK_BITS = 16;
const BLOCK = 1 << BLOCK_BITS;
const IN_BLOCK = BLOCK - 1;

/**
 * An append-only array of numbers kept in typed blocks of 65,536 entries: millions of postings as
 * flat numbers, without one boxed JavaScript number per entry while the index is being built.
 * Blocks, not one array that doubles: growing never copies, and never holds the old and the new
 * array at once, so memory is the entries plus at most one partly filled block (a doubling array
 * of 49 million postings peaked at three times their size while it grew).
 */
export class GrowableArray<T extends UintArray> {
  private readonly blocks: T[] = [];
  private current: T;
  private fill = 0;
  private size = 0;

  constructor(private readonly create: (capacity: number) => T) {
    this.current = create(BLOCK);
    this.blocks.push(this.current);
  }

  get length(): number {
    return this.size;
  }

  push(value: number): void {
    if (this.fill === BLOCK) {
      this.current = this.create(BLOCK);
      this.blocks.push(this.current);
      this.fill = 0;
    }
    this.current[this.fill++] = value;
    this.size++;
  }

  /** The value at `index`, which must be below `length`. */
  at(index: number): number {
    return (this.blocks[index >>> BLOCK_BITS] as T)[index & IN_BLOCK] as number;
  }

  /**
   * Every value in order, as views of the blocks cut to what they hold: lets a pass over
   * millions of entries index typed arrays directly instead of calling `at` for each.
   */
  *chunks(): Generator<T> {
    const full = this.blocks.length - 1;
    for (let b = 0; b < full; b++) yield this.blocks[b] as T;
    if (this.fill > 0) yield this.current.subarray(0, this.fill) as T;
  }

  /** Lets every value go (their blocks can then be collected): the array is empty again. */
  clear(): void {
    this.blocks.length = 0;
    this.current = this.create(BLOCK);
    this.blocks.push(this.current);
    this.fill = 0;
    this.size = 0;
  }

  /** Replaces the value at `index`, which must be below `length`. */
  set(index: number, value: number): void {
    (this.blocks[index >>> BLOCK_BITS] as T)[index & IN_BLOCK] = value;
  }
}
