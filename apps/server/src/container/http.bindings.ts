import type { ServiceProfile } from '@reviews/application';
import {
  apiReferenceRoutes,
  cachedReadPath,
  clientKeyOf,
  negotiatedEncoding,
  requestCharger,
  requestSteps,
  routeBeforeApp,
  createHttpApp,
  documentsRoutes,
  createSubscriptionRouter,
  isSubscriptionPath,
  notFoundPages,
  openApiRoutes,
  PageValidator,
  pagesRoutes,
  ReadAnswerCache,
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
  mcpEndpoint,
  mcpMethodsFor,
} from '@reviews/adapters-mcp';
import type { Container } from 'inversify';
import type { ServerConfig, SharedStorage } from '@reviews/service-common';
import { accessLoggerOf, type Logger } from '../logging/logger.js';
import { bucketSizes } from './rate-limit.bindings.js';
import { TOKENS } from './tokens.js';
import { bindConstant, bindResolved, optional } from './typed-binding.js';

/** The driving side: readiness checks, the website, signup and MCP routers, and the Express app. */
export function bindHttp(container: Container, config: ServerConfig, logger: Logger): void {
  bindResolved(container, TOKENS.ServiceFacts, { profile: TOKENS.ServiceProfile }, ({ profile }) =>
    serviceFacts(config, profile),
  );
  bindReadiness(container);
  bindMcpEndpoint(container, config, logger);
  bindDrivingRouters(container, config);
  const accessLogger = accessLoggerOf(logger);
  bindRequestSteps(container, accessLogger);
  bindCachedReads(container, config, logger, accessLogger);
  bindBeforeApp(container);
  bindHttpApp(container, config, logger);
}

/**
 * What every request passes before its route, on the Express app and before it: the frame, the
 * access log line, CORS and compression (`requestSteps`).
 */
function bindRequestSteps(container: Container, accessLogger: Logger): void {
  bindConstant(
    container,
    TOKENS.RequestSteps,
    requestSteps({
      accessLogger,
      methodsFor: (path) => subscriptionMethodsFor(path) ?? mcpMethodsFor(path),
      grantsNoCors: isSubscriptionPath,
      // `/mcp` answers CORS from its own origin list (MCP_ALLOWED_ORIGINS), not `*`.
      ownCorsPaths: [MCP_PATH],
    }),
  );
}

/** The MCP adapter: its router (first of the driving routers) and its `POST /mcp`. */
function bindMcpEndpoint(container: Container, config: ServerConfig, logger: Logger): void {
  bindResolved(
    container,
    TOKENS.McpEndpoint,
    {
      searchTools: TOKENS.SearchTools,
      getTool: TOKENS.GetTool,
      quota: TOKENS.RequestQuota,
      profile: TOKENS.ServiceProfile,
      live: TOKENS.LivePublication,
      getReview: TOKENS.GetReview,
      listTools: TOKENS.ListTools,
      completeArgument: TOKENS.CompleteArgument,
      getOverview: TOKENS.GetCatalogOverview,
    },
    (deps) =>
      mcpEndpoint({
        searchTools: deps.searchTools,
        getTool: deps.getTool,
        getReview: deps.getReview,
        listTools: deps.listTools,
        completeArgument: deps.completeArgument,
        getOverview: deps.getOverview,
        // The key Express's `req.ip` gives, also for `POST /mcp` answered before Express.
        charge: requestCharger(deps.quota, clientKeyOf(config.trustProxy, logger)),
        encodingOf: negotiatedEncoding,
        baseUrl: deps.profile.baseUrl,
        logger,
        allowedOrigins: config.mcpAllowedOrigins,
        loopbackOnly: isLoopbackListenAddress(config.host),
        // The base URL and notice are fixed for the process: the publication decides the rest.
        contentVersion: () => deps.live.current()?.id,
      }),
  );
}

/**
 * What `/readyz` checks: a catalog, the start's warm-up done, the subscription store, the shared
 * database when used, not draining.
 */
function bindReadiness(container: Container): void {
  bindResolved(
    container,
    TOKENS.ReadinessChecks,
    {
      live: TOKENS.LivePublication,
      store: TOKENS.SubscriptionStore,
      lifecycle: TOKENS.ServiceLifecycle,
      listening: TOKENS.ListeningGate,
      storage: optional(TOKENS.SharedStorage),
    },
    ({ live, store, lifecycle, listening, storage }) => [
      { name: 'catalog', isReady: () => Promise.resolve(live.current() !== undefined) },
      // The ports are bound before the catalog is read; traffic waits for the warm-up that
      // follows (docs/operations.md#readiness-and-warm-up).
      { name: 'warm-up', isReady: () => Promise.resolve(listening.isOpen) },
      { name: 'subscriptions', isReady: () => store.ping().then(() => true) },
      ...(storage === undefined ? [] : [storageReadiness(storage)]),
      // Fails from SIGTERM on, before anything stops (docs/operations.md#shutdown: drain first).
      { name: 'accepting-traffic', isReady: () => Promise.resolve(lifecycle.accepting) },
    ],
  );
}

/** The routers beside the read API: MCP, the site's routers (below), then signup. */
function bindDrivingRouters(container: Container, config: ServerConfig): void {
  bindSiteRouters(container, config);
  bindResolved(
    container,
    TOKENS.DrivingRouters,
    {
      siteRouters: TOKENS.SiteRouters,
      mcp: TOKENS.McpEndpoint,
      quota: TOKENS.RequestQuota,
      subscribe: TOKENS.Subscribe,
      confirm: TOKENS.ConfirmSubscription,
      unsubscribe: TOKENS.Unsubscribe,
      previewLink: TOKENS.PreviewSubscriptionLink,
      mailer: TOKENS.Mailer,
    },
    (deps) => [
      // MCP first: it answers only its own paths, and Express tries routers in order, so
      // `/mcp` calls (a per-call protocol) pass no other router's routes.
      deps.mcp.router,
      ...deps.siteRouters,
      createSubscriptionRouter({
        subscribe: deps.subscribe,
        confirm: deps.confirm,
        unsubscribe: deps.unsubscribe,
        previewLink: deps.previewLink,
        quota: deps.quota,
        options: {
          serviceName: config.serviceName,
          publicBaseUrl: config.publicBaseUrl,
          ...(deps.mailer.deliveryNote === undefined ? {} : { mailNote: deps.mailer.deliveryNote }),
        },
      }),
    ],
  );
}

/** The website's routers: pages, OpenAPI, export, feed, documents and the API reference. */
function bindSiteRouters(container: Container, config: ServerConfig): void {
  bindResolved(
    container,
    TOKENS.SiteRouters,
    {
      searchTools: TOKENS.SearchTools,
      getTool: TOKENS.GetTool,
      getReview: TOKENS.GetReview,
      getOverview: TOKENS.GetCatalogOverview,
      quota: TOKENS.RequestQuota,
      profile: TOKENS.ServiceProfile,
      facts: TOKENS.ServiceFacts,
      exportCatalog: TOKENS.ExportCatalog,
      listReviewChanges: TOKENS.ListReviewChanges,
      validator: TOKENS.ReadValidator,
    },
    ({
      searchTools,
      getTool,
      getReview,
      getOverview,
      quota,
      profile,
      facts,
      exportCatalog,
      listReviewChanges,
      validator,
    }) => [
      pagesRoutes({
        searchTools,
        getTool,
        getReview,
        getOverview,
        quota,
        siteName: config.serviceName,
        validator: new PageValidator(validator, config.serviceName),
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
  );
}

/** The read validator and cache, and the listener that answers cached reads before Express. */
function bindCachedReads(
  container: Container,
  config: ServerConfig,
  logger: Logger,
  accessLogger: Logger,
): void {
  bindResolved(
    container,
    TOKENS.ReadValidator,
    { live: TOKENS.LivePublication, profile: TOKENS.ServiceProfile },
    ({ live, profile }) => new ReadValidator(live, profile),
  );
  bindConstant(container, TOKENS.ReadAnswerCache, new ReadAnswerCache());
  // Cached read answers and searches go out before Express, through the same pipeline steps;
  // everything else goes to the app.
  bindResolved(
    container,
    TOKENS.CachedReadPath,
    {
      cache: TOKENS.ReadAnswerCache,
      validator: TOKENS.ReadValidator,
      quota: TOKENS.RequestQuota,
      searchTools: TOKENS.SearchTools,
    },
    ({ cache, validator, quota, searchTools }) =>
      cachedReadPath({
        cache,
        validator,
        quota,
        searchTools,
        logger,
        accessLogger,
        trustProxy: config.trustProxy,
      }),
  );
}

/**
 * What the server answers before Express (`requestHandler`): cached reads and searches, and
 * `POST /mcp` through the steps every request passes (`routeBeforeApp`) and the MCP endpoint's
 * own (its other methods, its preflights and other spellings of the path go to Express).
 */
function bindBeforeApp(container: Container): void {
  bindResolved(
    container,
    TOKENS.BeforeApp,
    { cachedReads: TOKENS.CachedReadPath, mcp: TOKENS.McpEndpoint, steps: TOKENS.RequestSteps },
    ({ cachedReads, mcp, steps }) => {
      const mcpPost = routeBeforeApp(steps, 'POST', MCP_PATH, mcp.post);
      return (req, res) => cachedReads(req, res) || mcpPost(req, res);
    },
  );
}

/** The Express app over the read API, the readiness checks and the driving routers. */
function bindHttpApp(container: Container, config: ServerConfig, logger: Logger): void {
  bindResolved(
    container,
    TOKENS.HttpApp,
    {
      searchTools: TOKENS.SearchTools,
      getTool: TOKENS.GetTool,
      quota: TOKENS.RequestQuota,
      readiness: TOKENS.ReadinessChecks,
      routers: TOKENS.DrivingRouters,
      validator: TOKENS.ReadValidator,
      cache: TOKENS.ReadAnswerCache,
      steps: TOKENS.RequestSteps,
    },
    ({ searchTools, getTool, quota, readiness, routers, validator, cache, steps }) =>
      createHttpApp({
        logger,
        steps,
        trustProxy: config.trustProxy,
        tools: { searchTools, getTool, quota, validator, cache },
        readiness,
        routers,
        notFoundPages: notFoundPages({ quota, siteName: config.serviceName }),
      }),
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
