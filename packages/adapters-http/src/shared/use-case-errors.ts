import type {
  GetReviewError,
  GetToolError,
  SearchToolsError,
  SubscribeError,
} from '@reviews/application';
import type { DomainError, SubscriptionErrorCode } from '@reviews/domain';
import { HttpError } from './http-error.js';

/** Every code of an expected failure that a use case behind this adapter returns. */
export type UseCaseErrorCode =
  | SearchToolsError['code']
  | GetToolError['code']
  | GetReviewError['code']
  | SubscribeError['code']
  | SubscriptionErrorCode;

/**
 * The one code → status table of the REST adapter (docs/api.md#errors-and-statuses,
 * docs/api.md#statuses). Keyed by the union, so a new error code does not compile until it is given
 * a status here.
 */
export const STATUS_BY_CODE: Readonly<Record<UseCaseErrorCode, number>> = {
  QUERY_TOO_LONG: 400,
  TOO_MANY_KEYWORDS: 400,
  NO_KEYWORDS: 400,
  CURSOR_TOO_DEEP: 400,
  EMAIL_INVALID: 400,
  TOOL_NOT_FOUND: 404,
  REVIEW_NOT_FOUND: 404,
  TOKEN_UNKNOWN: 404,
  ADDRESS_BLOCKED: 403,
  ADDRESS_DECLINED: 403,
  ADDRESS_SUPPRESSED: 403,
  ALREADY_CONFIRMED: 409,
  SUBSCRIPTION_ENDED: 409,
  TOKEN_EXPIRED: 410,
  TOKEN_USED: 410,
  MAIL_LIMIT_REACHED: 429,
  MAIL_DELIVERY_FAILED: 502,
  CATALOG_UNAVAILABLE: 503,
  SIGNUPS_DISABLED: 503,
};

/** Maps a read use case's error to its HTTP answer; a 503 tells the client when to come back. */
export function toHttpError(error: DomainError<UseCaseErrorCode>): HttpError {
  const status = STATUS_BY_CODE[error.code];
  const headers: Record<string, string> = status === 503 ? { 'Retry-After': '30' } : {};
  return new HttpError(status, error.message, headers);
}
