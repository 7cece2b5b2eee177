import type {
  ConfirmSubscription,
  ExportCatalog,
  GetCatalogOverview,
  CompleteArgument,
  GetReview,
  ListTools,
  GetTool,
  ListReviewChanges,
  LivePublication,
  Mailer,
  PreviewSubscriptionLink,
  RequestQuota,
  SearchTools,
  ServiceProfile,
  Subscribe,
  SubscriptionStore,
  Unsubscribe,
} from '@reviews/application';
import {
  apiReferenceRoutes,
  cachedReads,
  negotiatedEncoding,
  requestCharger,
  createHttpApp,
  documentsRoutes,
  createSubscriptionRouter,
  isSubscriptionPath,
  notFoundPages,
  openApiRoutes,
  pagesRoutes,
  ReadResponseCache,
  ReadValidator,
  reviewExportRoutes,
  reviewFeedRoutes,
  subscriptionMethodsFor,
  type ReadinessCheck,
  type ServiceFacts,
} from '@reviews/adapters-http';
import {
  isLoopbackListenAddress,
  MCP_PATH,
  MCP_PROTOCOL_VERSIONS,
  MCP_SERVER_DESCRIPTION,
  MCP_SERVER_NAME,
  MCP_SERVER_TITLE,
  MCP_SERVER_VERSION,
  mcpMethodsFor,
  mcpRoutes,
} from '@reviews/adapters-mcp';
import { OutboxMailer } from '@reviews/adapters-mail';
import type { Express, Router } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Container } from 'inversify';
import type { ServerConfig, SharedStorage } from '@reviews/service-common';
import type { ServiceLifecycle } from '../lifecycle/service-lifecycle.js';
import { accessLoggerOf, type Logger } from '../logging/logger.js';
import { bucketSizes } from './rate-limit.bindings.js';
import { TOKENS } from './tokens.js';

/** The driving side: readiness checks, the website, signup and MCP routers, and the Express app. */
export function bindHttp(container: Container, config: ServerConfig, logger: Logger): void {
  container
    .bind<ServiceFacts>(TOKENS.ServiceFacts)
    .toResolvedValue(
      (profile: ServiceProfile) => serviceFacts(config, profile),
      [TOKENS.ServiceProfile],
    );
  bindReadiness(container);
  bindDrivingRouters(container, config, logger);
  const accessLogger = accessLoggerOf(logger);
  bindCachedReads(container, config, logger, accessLogger);
  bindHttpApp(container, config, logger, accessLogger);
}

/** What `/readyz` checks: a catalog, the subscription store, the shared database when used, not draining. */
function bindReadiness(container: Container): void {
  container.bind<readonly ReadinessCheck[]>(TOKENS.ReadinessChecks).toResolvedValue(
    (
      live: LivePublication,
      store: SubscriptionStore,
      lifecycle: ServiceLifecycle,
      storage: SharedStorage | undefined,
    ) => [
      { name: 'catalog', isReady: () => Promise.resolve(live.current() !== undefined) },
      { name: 'subscriptions', isReady: () => store.ping().then(() => true) },
      ...(storage === undefined ? [] : [storageReadiness(storage)]),
      // Fails from SIGTERM on, before anything stops (docs/operations.md#shutdown: drain first).
      { name: 'accepting-traffic', isReady: () => Promise.resolve(lifecycle.accepting) },
    ],
    [
      TOKENS.LivePublication,
      TOKENS.SubscriptionStore,
      TOKENS.ServiceLifecycle,
      { serviceIdentifier: TOKENS.SharedStorage, optional: true },
    ],
  );
}

/** The routers beside the read API: the site's routers (below), then signup and MCP. */
function bindDrivingRouters(container: Container, config: ServerConfig, logger: Logger): void {
  bindSiteRouters(container, config);
  container.bind<readonly Router[]>(TOKENS.DrivingRouters).toResolvedValue(
    (
      siteRouters: readonly Router[],
      searchTools: SearchTools,
      getTool: GetTool,
      quota: RequestQuota,
      profile: ServiceProfile,
      subscribe: Subscribe,
      confirm: ConfirmSubscription,
      unsubscribe: Unsubscribe,
      previewLink: PreviewSubscriptionLink,
      live: LivePublication,
      getReview: GetReview,
      listTools: ListTools,
      completeArgument: CompleteArgument,
      getOverview: GetCatalogOverview,
      mailer: Mailer,
    ) => [
      ...siteRouters,
      createSubscriptionRouter({
        subscribe,
        confirm,
        unsubscribe,
        previewLink,
        quota,
        options: {
          serviceName: config.serviceName,
          publicBaseUrl: config.publicBaseUrl,
          ...(mailer instanceof OutboxMailer
            ? {
                mailNote: `This service runs locally, so no mail is sent: it is written to ${mailer.outbox}, and the confirmation link is also printed where the service was started.`,
              }
            : {}),
        },
      }),
      mcpRoutes({
        searchTools,
        getTool,
        getReview,
        listTools,
        completeArgument,
        getOverview,
        charge: requestCharger(quota),
        encodingOf: negotiatedEncoding,
        baseUrl: profile.baseUrl,
        logger,
        allowedOrigins: config.mcpAllowedOrigins,
        loopbackOnly: isLoopbackListenAddress(config.host),
        // The base URL and notice are fixed for the process: the publication decides the rest.
        contentVersion: () => live.current()?.id,
      }),
    ],
    [
      TOKENS.SiteRouters,
      TOKENS.SearchTools,
      TOKENS.GetTool,
      TOKENS.RequestQuota,
      TOKENS.ServiceProfile,
      TOKENS.Subscribe,
      TOKENS.ConfirmSubscription,
      TOKENS.Unsubscribe,
      TOKENS.PreviewSubscriptionLink,
      TOKENS.LivePublication,
      TOKENS.GetReview,
      TOKENS.ListTools,
      TOKENS.CompleteArgument,
      TOKENS.GetCatalogOverview,
      TOKENS.Mailer,
    ],
  );
}

/** The website's routers: pages, OpenAPI, export, feed, documents and the API reference. */
function bindSiteRouters(container: Container, config: ServerConfig): void {
  container.bind<readonly Router[]>(TOKENS.SiteRouters).toResolvedValue(
    (
      searchTools: SearchTools,
      getTool: GetTool,
      getReview: GetReview,
      getOverview: GetCatalogOverview,
      quota: RequestQuota,
      profile: ServiceProfile,
      facts: ServiceFacts,
      exportCatalog: ExportCatalog,
      listReviewChanges: ListReviewChanges,
    ) => [
      pagesRoutes({
        searchTools,
        getTool,
        getReview,
        getOverview,
        quota,
        siteName: config.serviceName,
      }),
      openApiRoutes({ facts, quota }),
      reviewExportRoutes({ exportCatalog, quota }),
      reviewFeedRoutes({
        listReviewChanges,
        quota,
        baseUrl: profile.baseUrl,
        serviceName: config.serviceName,
      }),
      documentsRoutes({ facts, quota }),
      apiReferenceRoutes({ facts, quota }),
    ],
    [
      TOKENS.SearchTools,
      TOKENS.GetTool,
      TOKENS.GetReview,
      TOKENS.GetCatalogOverview,
      TOKENS.RequestQuota,
      TOKENS.ServiceProfile,
      TOKENS.ServiceFacts,
      TOKENS.ExportCatalog,
      TOKENS.ListReviewChanges,
    ],
  );
}

/** The read validator and cache, and the listener that answers cached reads before Express. */
function bindCachedReads(
  container: Container,
  config: ServerConfig,
  logger: Logger,
  accessLogger: Logger,
): void {
  container
    .bind<ReadValidator>(TOKENS.ReadValidator)
    .toResolvedValue(
      (live: LivePublication, profile: ServiceProfile) => new ReadValidator(live, profile),
      [TOKENS.LivePublication, TOKENS.ServiceProfile],
    );
  container.bind(TOKENS.ReadResponseCache).toConstantValue(new ReadResponseCache());
  // Cached read answers go out before Express (issue 12); everything else goes to the app.
  container
    .bind<(req: IncomingMessage, res: ServerResponse) => boolean>(TOKENS.CachedReads)
    .toResolvedValue(
      (cache: ReadResponseCache, validator: ReadValidator, quota: RequestQuota) =>
        cachedReads({
          cache,
          validator,
          quota,
          logger,
          accessLogger,
          trustProxy: config.trustProxy,
        }),
      [TOKENS.ReadResponseCache, TOKENS.ReadValidator, TOKENS.RequestQuota],
    );
}

/** The Express app over the read API, the readiness checks and the driving routers. */
function bindHttpApp(
  container: Container,
  config: ServerConfig,
  logger: Logger,
  accessLogger: Logger,
): void {
  container.bind<Express>(TOKENS.HttpApp).toResolvedValue(
    (
      searchTools: SearchTools,
      getTool: GetTool,
      quota: RequestQuota,
      readiness: readonly ReadinessCheck[],
      routers: readonly Router[],
      validator: ReadValidator,
      cache: ReadResponseCache,
    ) =>
      createHttpApp({
        logger,
        accessLogger,
        trustProxy: config.trustProxy,
        tools: { searchTools, getTool, quota, validator, cache },
        readiness,
        routers,
        notFoundPages: notFoundPages({ quota, siteName: config.serviceName }),
        methodsFor: (path) => subscriptionMethodsFor(path) ?? mcpMethodsFor(path),
        grantsNoCors: isSubscriptionPath,
        // `/mcp` answers CORS from its own origin list (MCP_ALLOWED_ORIGINS), not `*`.
        ownCorsPaths: [MCP_PATH],
      }),
    [
      TOKENS.SearchTools,
      TOKENS.GetTool,
      TOKENS.RequestQuota,
      TOKENS.ReadinessChecks,
      TOKENS.DrivingRouters,
      TOKENS.ReadValidator,
      TOKENS.ReadResponseCache,
    ],
  );
}

/**
 * What the machine documents state, from the configuration and the constants the code runs on:
 * the configured bucket sizes, and the MCP identity (handed over here because adapters do not
 * import each other).
 */
export function serviceFacts(config: ServerConfig, profile: ServiceProfile): ServiceFacts {
  return {
    baseUrl: profile.baseUrl,
    serviceName: config.serviceName,
    historicalNotice: profile.historicalNotice,
    rights: profile.rights,
    rateLimits: Object.entries(bucketSizes(config)).map(([bucket, size]) => ({
      bucket,
      limit: size.points,
      windowSeconds: size.windowSeconds,
    })),
    mcp: {
      name: MCP_SERVER_NAME,
      version: MCP_SERVER_VERSION,
      title: MCP_SERVER_TITLE,
      description: MCP_SERVER_DESCRIPTION,
      protocolVersions: MCP_PROTOCOL_VERSIONS,
    },
  };
}

/**
 * `/readyz` names the shared database (`mongodb`, `postgres`) when it cannot be reached (reads go
 * on from the loaded publication).
 */
function storageReadiness(storage: SharedStorage): ReadinessCheck {
  return {
    name: storage.readinessCheck,
    isReady: async () => {
      await storage.ping();
      return true;
    },
  };
}
