/**
 * An error that already knows its HTTP answer. Thrown (or passed to `next`) by routes and
 * middleware; the single error handler turns it into `{ "error": message }` with `status` and the
 * given headers. Messages must be something a person can act on: never internals.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
