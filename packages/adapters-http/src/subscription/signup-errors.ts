import type { SubscribeError } from '@reviews/application';
import { HttpError } from '../shared/http-error.js';
import { STATUS_BY_CODE } from '../shared/use-case-errors.js';

/** The HTTP answer to an expected signup failure (docs/api.md#statuses). */
export interface SignupFailure {
  readonly status: number;
  readonly message: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** Temporary failures tell the client when to come back. */
const RETRY_AFTER_SECONDS = { 502: 60, 503: 300 } as const;

export function signupFailure(error: SubscribeError): SignupFailure {
  const status = STATUS_BY_CODE[error.code];
  if (error.code === 'MAIL_LIMIT_REACHED') {
    const seconds = error.decision.retryAfterSeconds ?? error.decision.resetSeconds;
    return { status, message: error.message, headers: { 'Retry-After': String(seconds) } };
  }
  const retry = status === 502 || status === 503 ? RETRY_AFTER_SECONDS[status] : undefined;
  return {
    status,
    message: error.message,
    headers: retry === undefined ? {} : { 'Retry-After': String(retry) },
  };
}

/** The store cannot be reached: 503 for every subscription route. */
export const STORE_UNAVAILABLE: SignupFailure = {
  status: 503,
  message: 'Signups are temporarily unavailable on our side. Try again in a few minutes.',
  headers: { 'Retry-After': '60' },
};

/** The failure as an error for the JSON route's error handler. */
export function signupHttpError(failure: SignupFailure): HttpError {
  return new HttpError(failure.status, failure.message, failure.headers);
}

/** Over the `signup` bucket (5 an hour per network, docs/api.md#limits). */
export function signupLimitFailure(retryAfterSeconds: number): SignupFailure {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return {
    status: 429,
    message: `Too many signup attempts from your network. Wait ${minutes} minute${minutes === 1 ? '' : 's'} before trying again.`,
    headers: { 'Retry-After': String(retryAfterSeconds) },
  };
}
