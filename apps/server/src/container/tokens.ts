import type {
  ReadinessCheck,
  ReadAnswerCache,
  ReadValidator,
  RequestSteps,
  ServiceFacts,
} from '@reviews/adapters-http';
import type { McpEndpoint } from '@reviews/adapters-mcp';
import type {
  CatalogSource,
  Clock,
  CompleteArgument,
  ConfirmSubscription,
  ExportCatalog,
  GetCatalogOverview,
  GetReview,
  GetTool,
  ListReviewChanges,
  ListTools,
  LivePublication,
  MailBacklog,
  Mailer,
  PreviewSubscriptionLink,
  PublishCatalog,
  RateLimiter,
  RequestQuota,
  SearchTools,
  ServiceProfile,
  Subscribe,
  TokenGenerator,
  Unsubscribe,
  VerificationMailDispatcher,
} from '@reviews/application';
import type { ClosableSubscriptionStore, SharedStorage } from '@reviews/service-common';
import type { Express, Router } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceLifecycle } from '../lifecycle/service-lifecycle.js';
import type { ServiceMetrics } from '../metrics/service-metrics.js';
import type {
  IndexSnapshots,
  ListeningGate,
  ObserveRateLimiter,
  ServiceApp,
} from './service-parts.js';
import { token } from './typed-binding.js';

/** InversifyJS service identifiers, each with the type bound to it. Only apps/server knows the container. */
export const TOKENS = {
  Clock: token<Clock>('Clock'),
  SharedStorage: token<SharedStorage>('SharedStorage'),
  CatalogSource: token<CatalogSource>('CatalogSource'),
  LivePublication: token<LivePublication>('LivePublication'),
  PublishCatalog: token<PublishCatalog>('PublishCatalog'),
  ListeningGate: token<ListeningGate>('ListeningGate'),
  IndexSnapshots: token<IndexSnapshots>('IndexSnapshots'),
  ServiceProfile: token<ServiceProfile>('ServiceProfile'),
  SearchTools: token<SearchTools>('SearchTools'),
  GetTool: token<GetTool>('GetTool'),
  ExportCatalog: token<ExportCatalog>('ExportCatalog'),
  ListReviewChanges: token<ListReviewChanges>('ListReviewChanges'),
  ServiceFacts: token<ServiceFacts>('ServiceFacts'),
  GetReview: token<GetReview>('GetReview'),
  ListTools: token<ListTools>('ListTools'),
  CompleteArgument: token<CompleteArgument>('CompleteArgument'),
  GetCatalogOverview: token<GetCatalogOverview>('GetCatalogOverview'),
  RateLimiter: token<RateLimiter>('RateLimiter'),
  RequestQuota: token<RequestQuota>('RequestQuota'),
  SubscriptionStore: token<ClosableSubscriptionStore>('SubscriptionStore'),
  Mailer: token<Mailer & { close?(): void | Promise<void> }>('Mailer'),
  TokenGenerator: token<TokenGenerator>('TokenGenerator'),
  MailDispatcher: token<VerificationMailDispatcher>('MailDispatcher'),
  Subscribe: token<Subscribe>('Subscribe'),
  ConfirmSubscription: token<ConfirmSubscription>('ConfirmSubscription'),
  Unsubscribe: token<Unsubscribe>('Unsubscribe'),
  PreviewSubscriptionLink: token<PreviewSubscriptionLink>('PreviewSubscriptionLink'),
  ReadinessChecks: token<readonly ReadinessCheck[]>('ReadinessChecks'),
  SiteRouters: token<readonly Router[]>('SiteRouters'),
  DrivingRouters: token<readonly Router[]>('DrivingRouters'),
  HttpApp: token<Express>('HttpApp'),
  ReadValidator: token<ReadValidator>('ReadValidator'),
  ReadAnswerCache: token<ReadAnswerCache>('ReadAnswerCache'),
  CachedReadPath: token<(req: IncomingMessage, res: ServerResponse) => boolean>('CachedReadPath'),
  RequestSteps: token<RequestSteps>('RequestSteps'),
  McpEndpoint: token<McpEndpoint>('McpEndpoint'),
  BeforeApp: token<(req: IncomingMessage, res: ServerResponse) => boolean>('BeforeApp'),
  ServiceLifecycle: token<ServiceLifecycle>('ServiceLifecycle'),
  Metrics: token<ServiceMetrics>('Metrics'),
  MailBacklog: token<MailBacklog>('MailBacklog'),
  UnobservedRateLimiter: token<RateLimiter & { close?(): void | Promise<void> }>(
    'UnobservedRateLimiter',
  ),
  ObserveRateLimiter: token<ObserveRateLimiter>('ObserveRateLimiter'),
  App: token<ServiceApp>('App'),
} as const;
