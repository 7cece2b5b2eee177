/**
 * Hand-written test doubles of the application's ports, and builders of subscription test data.
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
