/**
 * Hand-written test doubles of the application's ports, builders of test data, and the contract
 * suites (Jest) an adapter of a port must pass: `describeCatalogSourceContract`,
 * `describeCatalogPublisherContract`, `describePublicationFeedContract`, `describeRateLimiterContract`, `describeSubscriptionStoreContract`, `describeMailerContract`.
 * Published as `@reviews/application/testing`; never used by production code.
 */
export { InMemorySubscriptionStore } from './in-memory-subscription-store.js';
export { RecordingMailer } from './recording-mailer.js';
export { SettableClock } from './settable-clock.js';
export { SequentialTokenGenerator } from './sequential-token-generator.js';
export { CountingRateLimiter } from './counting-rate-limiter.js';
export { aSubscription } from './subscription-builders.js';
export { aServiceProfile } from './service-profile.fixture.js';
export { RecordingLogger } from './recording-logger.js';
export { readUseCasesOver } from './read-use-cases.js';
export { unlimitedQuota } from './unlimited-quota.js';
export { anOutgoingMail } from './outgoing-mail-builder.js';
export { describeCatalogSourceContract } from './catalog-source.contract.js';
export { describeCatalogPublisherContract } from './catalog-publisher.contract.js';
export { describePublicationFeedContract } from './publication-feed.contract.js';
export { CONTRACT_BUCKETS, describeRateLimiterContract } from './rate-limiter.contract.js';
export { describeSubscriptionStoreContract } from './subscription-store.contract.js';
export { CONTRACT_FROM, describeMailerContract } from './mailer.contract.js';
export type { ReceivedMail } from './mailer.contract.js';
