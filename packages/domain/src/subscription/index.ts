export {
  MAX_EMAIL_LENGTH,
  isInBlockedDomain,
  parseEmailAddress,
  toAsciiDomain,
} from './email-address.js';
export type { EmailAddressError } from './email-address.js';
export { recordConsent } from './consent.js';
export type { Consent, ConsentInput } from './consent.js';
export { SUBSCRIPTION_RULES, SUBSCRIPTION_RULES_IN_WORDS } from './subscription-rules.js';
export type { Subscription, SubscriptionToken, SuppressionReason } from './subscription.js';
export { SUBSCRIPTION_MESSAGES } from './subscription-errors.js';
export type { SubscriptionError, SubscriptionErrorCode } from './subscription-errors.js';
export { requestSignup } from './subscription-signup.js';
export {
  claimMail,
  holdsClaim,
  isMailBeingSent,
  isMailDue,
  mailRetryAt,
  mailSent,
  mailWithdrawn,
} from './pending-mail.js';
export { mailboxKey } from './mailbox-key.js';
export type { SignupDecision, SignupError } from './subscription-signup.js';
export { planConfirmation } from './subscription-confirmation.js';
export type { ConfirmationError } from './subscription-confirmation.js';
export { planSuppression, planUnsubscription } from './subscription-unsubscription.js';
export type { UnsubscriptionError } from './subscription-unsubscription.js';
