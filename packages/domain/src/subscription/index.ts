export {
  MAX_EMAIL_LENGTH,
  isInBlockedDomain,
  parseEmailAddress,
  toAsciiDomain,
} from './email-address.js';
export type { EmailAddress, EmailAddressError } from './email-address.js';
export { CONSENT_SOURCES, MAX_USER_AGENT_LENGTH, recordConsent } from './consent.js';
export type { Consent, ConsentInput, ConsentSource } from './consent.js';
export { SUBSCRIPTION_RULES, SUBSCRIPTION_RULES_IN_WORDS } from './subscription-rules.js';
export { declineEndsAt, isExpired, issueTokens, newPendingSubscription } from './subscription.js';
export type {
  IssuedTokenHashes,
  PendingMail,
  Subscription,
  SubscriptionStatus,
  SubscriptionToken,
  SuppressionReason,
  TokenPurpose,
} from './subscription.js';
export { SUBSCRIPTION_MESSAGES, addressDeclinedMessage } from './subscription-errors.js';
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
  requestMail,
} from './pending-mail.js';
export { mailboxKey } from './mailbox-key.js';
export type { SignupDecision, SignupError, SignupRequest } from './subscription-signup.js';
export { planConfirmation } from './subscription-confirmation.js';
export type { ConfirmationError, ConfirmationPlan } from './subscription-confirmation.js';
export { planUnsubscription, suppress } from './subscription-unsubscription.js';
export type { UnsubscriptionError, UnsubscriptionPlan } from './subscription-unsubscription.js';
