export { SubscriptionStoreUnavailableError } from './subscription-store.port.js';
export type { StoredSubscription, SubscriptionStore } from './subscription-store.port.js';
export { MailDeliveryError } from './mailer.port.js';
export type { MailHeader, Mailer, OutgoingMail } from './mailer.port.js';
export type { GeneratedToken, TokenGenerator } from './token-generator.port.js';
export { normaliseBlockedDomains } from './subscription-settings.js';
export type { SubscriptionSettings } from './subscription-settings.js';
export { composeVerificationMail, subscriptionLinks } from './verification-mail.js';
export type { VerificationMailInput } from './verification-mail.js';
export { Subscribe } from './subscribe.use-case.js';
export { VerificationMailDispatcher } from './verification-mail-dispatcher.js';
export type {
  MailDispatchOptions,
  MailDispatchOutcome,
  SweepReport,
} from './verification-mail-dispatcher.js';
export type {
  MailLimitError,
  SubscribeError,
  SubscribeInput,
  SubscribeOutput,
} from './subscribe.use-case.js';
export { ConfirmSubscription } from './confirm-subscription.use-case.js';
export type {
  ConfirmSubscriptionInput,
  ConfirmSubscriptionOutput,
} from './confirm-subscription.use-case.js';
export { Unsubscribe } from './unsubscribe.use-case.js';
export type { UnsubscribeInput, UnsubscribeOutput } from './unsubscribe.use-case.js';
export { PreviewSubscriptionLink } from './preview-subscription-link.use-case.js';
export type {
  PreviewSubscriptionLinkInput,
  PreviewSubscriptionLinkOutput,
  SubscriptionLinkPurpose,
} from './preview-subscription-link.use-case.js';
