export { FileCatalogSource } from './catalog/file-catalog-source.js';
export { CatalogValidator, validateCatalogDocument } from './catalog/catalog-validator.js';
export {
  catalogDocumentSchema,
  catalogReviewSchema,
  catalogStacksSchema,
  catalogToolSchema,
} from './catalog/catalog-document.schema.js';
export type { CatalogToolData } from './catalog/catalog-document.schema.js';
export { catalogParseOptions, toCatalogProblems } from './catalog/catalog-problems.js';
export { FileSubscriptionStore } from './subscription/file-subscription-store.js';
export type { FileSubscriptionStoreOptions } from './subscription/file-subscription-store.js';
export { MemoryRateLimiter } from './rate-limiting/memory-rate-limiter.js';
export type { BucketSize, BucketSizes } from './rate-limiting/memory-rate-limiter.js';
export { NodeCryptoTokenGenerator } from './security/node-crypto-token-generator.js';
export { RedisRateLimiter } from './rate-limiting/redis-rate-limiter.js';
export type {
  RedisRateLimiterConnection,
  RedisRateLimiterOptions,
} from './rate-limiting/redis-rate-limiter.js';
export { connectMongo, databaseNameOf } from './mongo/mongo-connection.js';
export type { MongoConnection, MongoConnectionOptions } from './mongo/mongo-connection.js';
export {
  CatalogNotPublishedError,
  MongoCatalogSource,
  fingerprintOf,
} from './catalog/mongo-catalog-source.js';
export type {
  MongoCatalogSourceOptions,
  PublishOptions,
  StoredPublication,
} from './catalog/mongo-catalog-source.js';
export { MongoPublicationWatcher } from './catalog/mongo-publication-watcher.js';
export type {
  MongoPublicationWatcherOptions,
  WatchMode,
} from './catalog/mongo-publication-watcher.js';
export { MongoSubscriptionStore } from './subscription/mongo-subscription-store.js';
export type { MongoSubscriptionStoreOptions } from './subscription/mongo-subscription-store.js';
