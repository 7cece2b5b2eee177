import type { DomainError } from '@reviews/domain';
import { HttpError } from './http-error.js';

/** Expected failures of the read use cases that are not the client's mistake. */
const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  TOOL_NOT_FOUND: 404,
  REVIEW_NOT_FOUND: 404,
  CATALOG_UNAVAILABLE: 503,
};

/**
 * Maps a use case's error code to its HTTP answer: 404 and 503 where the code says so, 400 for
 * every other expected failure (they are all invalid requests: bad query, cursor too deep, …).
 */
export function toHttpError(error: DomainError): HttpError {
  const status = STATUS_BY_CODE[error.code] ?? 400;
  const headers: Record<string, string> = status === 503 ? { 'Retry-After': '30' } : {};
  return new HttpError(status, error.message, headers);
}
