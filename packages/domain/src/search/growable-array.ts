type UintArray = Uint8Array | Uint32Array;

/**
 * An append-only typed array that doubles when full: millions of postings as flat numbers,
 * without one boxed JavaScript number per entry while the index is being built.
 */
export class GrowableArray<T extends UintArray> {
  private data: T;
  private size = 0;

  constructor(private readonly create: (capacity: number) => T) {
    this.data = create(1024);
  }

  get length(): number {
    return this.size;
  }

  push(value: number): void {
    if (this.size === this.data.length) {
      const larger = this.create(this.data.length * 2);
      larger.set(this.data);
      this.data = larger;
    }
    this.data[this.size++] = value;
  }

  at(index: number): number {
    return this.data[index] ?? 0;
  }

  set(index: number, value: number): void {
    this.data[index] = value;
  }
}
