/** mulberry32: a small seeded generator, so a failing run can be replayed with its seed. */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(below: number): number {
    return Math.floor(this.next() * below);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** Text mixing ASCII, operators, accents, emoji, controls and line separators. */
  text(maxLength: number): string {
    const alphabet = [
      ...'abcxyzABC019 -_.~+*"\'()/?&=#%',
      'é',
      'ß',
      'C++',
      'C#',
      '.NET',
      'node.js',
      '😀',
      '\u0000',
      '\u0085',
      '\u2028',
      '\uFEFF',
      '\uD800',
      'postgres',
      'OR',
    ];
    const length = this.int(maxLength + 1);
    let text = '';
    for (let i = 0; i < length; i++) text += this.pick(alphabet);
    return text;
  }
}
