/**
 * The outcome of an operation whose failures are expected (unknown tool, bad query, already
 * subscribed). Infrastructure failures are thrown instead. `code` is stable: adapters map it to
 * HTTP statuses and MCP results, clients may rely on it.
 */
export type Result<T, E extends DomainError = DomainError> = Ok<T> | Err<E>;

interface Ok<T> {
  readonly ok: true;
  readonly value: T;
}

interface Err<E extends DomainError> {
  readonly ok: false;
  readonly error: E;
}

/** An expected failure: a stable machine code and a message a person (or a model) can act on. */
export interface DomainError<C extends string = string> {
  readonly code: C;
  readonly message: string;
}

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });

export const err = <E extends DomainError>(error: E): Err<E> => ({ ok: false, error });

export const domainError = <C extends string>(code: C, message: string): DomainError<C> => ({
  code,
  message,
});
