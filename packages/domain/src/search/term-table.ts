/** Set in every lower-case ASCII letter and digit: OR-ing it in lower-cases an ASCII letter. */
const LOWER_CASE_BIT = 0x20;

/*
 * V8 keeps a substring of 13 or more characters as a view on its parent, so a term sliced from a
 * 20,000-character review would keep the whole folded review alive. Concatenating and slicing
 * again flattens it into a string of its own.
 */
const detach = (term: string): string => (term.length < 13 ? term : ` ${term}`.slice(1));

/** The hash of the empty term; {@link addToTermHash} extends it unit by unit (FNV-1a). */
export const EMPTY_TERM_HASH = 0x811c9dc5 | 0;

/** The hash of a term extended by the UTF-16 unit `code`. */
export const addToTermHash = (hash: number, code: number): number =>
  Math.imul(hash ^ code, 0x01000193);

const DECODER = new TextDecoder();

/** The ASCII text of bytes `[start, end)` (UTF-8 decodes ASCII bytes to the same characters). */
export const asciiOf = (bytes: Uint8Array, start: number, end: number): string =>
  DECODER.decode(bytes.subarray(start, end));

/** The hash of UTF-16 units `[start, end)` of `text`. */
function hashRange(text: string, start: number, end: number): number {
  let hash = EMPTY_TERM_HASH;
  for (let i = start; i < end; i++) hash = addToTermHash(hash, text.charCodeAt(i));
  return hash;
}

/**
 * Interns index terms as dense ids (0, 1, 2, … in first-seen order). Unlike a `Map`, it can look
 * a term up straight from a range of a larger text, or of its bytes, so the builder never
 * allocates a string for a word it has already seen: that is most of the words of a large
 * catalog. Lookups compare against a copy of every term's UTF-16 units in one typed array
 * (`units`), which reads faster than the term strings do.
 */
export class TermTable {
  private readonly terms: string[] = [];
  private slots = new Int32Array(1 << 12).fill(-1);
  private hashes = new Int32Array(1 << 12);
  /** The units of every term, one after the other: term `id` is `units[starts[id], starts[id + 1])`. */
  private units = new Uint16Array(1 << 14);
  private starts = new Uint32Array(1 << 12);

  get size(): number {
    return this.terms.length;
  }

  /** The id of the term spelled by `text[start, end)`, added when new. */
  idOfRange(text: string, start: number, end: number): number {
    const hash = hashRange(text, start, end);
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot] as number;
      if (id < 0) return this.add(slot, hash, text.slice(start, end));
      if (this.hashes[slot] === hash && this.equalsRange(id, text, start, end)) return id;
    }
  }

  /**
   * The id of the lower-case spelling of bytes `[start, end)` of `bytes`, added when new, where
   * that range holds only ASCII letters and digits and `hash` is the hash of its lower-case
   * spelling (as `PostingsCollector.addAsciiBytes` takes it): lets the builder index ASCII text without a
   * lower-cased copy, and without a string for a word it has seen before.
   */
  idOfAsciiBytes(bytes: Uint8Array, start: number, end: number, hash: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot] as number;
      if (id < 0) return this.add(slot, hash, asciiOf(bytes, start, end).toLowerCase());
      if (this.hashes[slot] === hash && this.equalsFoldedBytes(id, bytes, start, end)) return id;
    }
  }

  /** The id of `term`, added when new. */
  idOf(term: string): number {
    return this.idOfRange(term, 0, term.length);
  }

  /** Every term, by id. */
  all(): readonly string[] {
    return this.terms;
  }

  /** Whether term `id` is `text[start, end)`. */
  private equalsRange(id: number, text: string, start: number, end: number): boolean {
    const from = this.starts[id] as number;
    if ((this.starts[id + 1] as number) - from !== end - start) return false;
    for (let i = start; i < end; i++)
      if (this.units[from + i - start] !== text.charCodeAt(i)) return false;
    return true;
  }

  /** Whether term `id` is bytes `[start, end)`, ASCII letters and digits, lower-cased. */
  private equalsFoldedBytes(id: number, bytes: Uint8Array, start: number, end: number): boolean {
    const from = this.starts[id] as number;
    if ((this.starts[id + 1] as number) - from !== end - start) return false;
    for (let i = start; i < end; i++)
      if (this.units[from + i - start] !== ((bytes[i] as number) | LOWER_CASE_BIT)) return false;
    return true;
  }

  private add(slot: number, hash: number, term: string): number {
    const id = this.terms.length;
    this.terms.push(detach(term));
    const from = this.starts[id] as number;
    if (from + term.length > this.units.length) {
      const units = new Uint16Array(Math.max(this.units.length * 2, from + term.length));
      units.set(this.units);
      this.units = units;
    }
    for (let i = 0; i < term.length; i++) this.units[from + i] = term.charCodeAt(i);
    if (id + 2 > this.starts.length) {
      const starts = new Uint32Array(this.starts.length * 2);
      starts.set(this.starts);
      this.starts = starts;
    }
    this.starts[id + 1] = from + term.length;
    this.slots[slot] = id;
    this.hashes[slot] = hash;
    // Kept at most half full, so probe sequences stay short.
    if (this.terms.length * 2 > this.slots.length) this.grow();
    return id;
  }

  private grow(): void {
    const { slots, hashes } = this;
    this.slots = new Int32Array(slots.length * 2).fill(-1);
    this.hashes = new Int32Array(slots.length * 2);
    const mask = this.slots.length - 1;
    for (let old = 0; old < slots.length; old++) {
      const id = slots[old] as number;
      if (id < 0) continue;
      const hash = hashes[old] as number;
      let slot = hash & mask;
      while ((this.slots[slot] as number) >= 0) slot = (slot + 1) & mask;
      this.slots[slot] = id;
      this.hashes[slot] = hash;
    }
  }
}
