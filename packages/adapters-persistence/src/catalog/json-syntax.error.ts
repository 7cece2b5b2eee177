/**
 * The catalog file is not JSON. `line` and `column` (both from 1; the column counts characters)
 * point at the first offending character, or just past the end when the text stops too early.
 */
export class JsonSyntaxError extends Error {
  override readonly name = 'JsonSyntaxError';

  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${reason} at line ${line}, column ${column}`);
  }
}
