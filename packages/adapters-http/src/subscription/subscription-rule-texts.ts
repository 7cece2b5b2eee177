import { SUBSCRIPTION_RULES } from '@reviews/domain';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The decline period in whole days, as the pages word it, from `SUBSCRIPTION_RULES`. */
export const DECLINE_PERIOD_TEXT = `${SUBSCRIPTION_RULES.declinePeriodMs / DAY_MS} days`;

/** The resend interval in minutes, as the API reference words it, from `SUBSCRIPTION_RULES`. */
export const RESEND_INTERVAL_TEXT = `${SUBSCRIPTION_RULES.resendIntervalMs / MINUTE_MS} minutes`;
