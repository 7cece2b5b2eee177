const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * The time rules of a subscription (contract §7), in milliseconds.
 * - `confirmTokenTtl`: a confirmation link works for 48 hours after its mail was issued.
 * - `resendInterval`: a pending address re-submitted gets a new mail only 15 minutes after the last.
 * - `declinePeriod`: after the owner cancels a pending signup, the address is refused for 30 days.
 * - `maxKeptTokens`: how many token hashes a record keeps (newest first win), so records stay small.
 */
export const SUBSCRIPTION_RULES = {
  confirmTokenTtlMs: 48 * HOUR_MS,
  resendIntervalMs: 15 * MINUTE_MS,
  declinePeriodMs: 30 * DAY_MS,
  maxKeptTokens: 20,
} as const;
