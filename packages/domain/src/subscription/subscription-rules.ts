const UNIT_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;

/** A duration of a rule, in milliseconds and in words ("48 hours") for the messages that state it. */
const duration = (amount: number, unit: keyof typeof UNIT_MS) => ({
  ms: amount * UNIT_MS[unit],
  words: `${amount} ${unit}${amount === 1 ? '' : 's'}`,
});

const CONFIRM_TOKEN_TTL = duration(48, 'hour');
const RESEND_INTERVAL = duration(15, 'minute');
const DECLINE_PERIOD = duration(30, 'day');

/**
 * The time rules of a subscription (docs/api.md#newsletter-signup-double-opt-in), in milliseconds.
 * - `confirmTokenTtl`: a confirmation link works for 48 hours after its mail was issued.
 * - `resendInterval`: a pending address re-submitted gets a new mail only 15 minutes after the last.
 * - `declinePeriod`: after the owner cancels a pending signup, the address is refused for 30 days.
 * - `maxKeptTokens`: how many token hashes a record keeps (newest first win), so records stay small.
 */
export const SUBSCRIPTION_RULES = {
  confirmTokenTtlMs: CONFIRM_TOKEN_TTL.ms,
  resendIntervalMs: RESEND_INTERVAL.ms,
  declinePeriodMs: DECLINE_PERIOD.ms,
  maxKeptTokens: 20,
} as const;

/** The same rules in words, for every message that states them: "48 hours", "15 minutes", "30 days". */
export const SUBSCRIPTION_RULES_IN_WORDS = {
  confirmTokenTtl: CONFIRM_TOKEN_TTL.words,
  resendInterval: RESEND_INTERVAL.words,
  declinePeriod: DECLINE_PERIOD.words,
} as const;
