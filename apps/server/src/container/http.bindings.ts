import type {
  ConfirmSubscription,
  ExportCatalog,
  GetTool,
  LivePublication,
  PreviewSubscriptionLink,
  RequestQuota,
  SearchTools,
  ServiceProfile,
  Subscribe,
  SubscriptionStore,
  Unsubscribe,
} from '@reviews/application';
import {
  clientKey,
  createHttpApp,
  createSubscriptionRouter,
  openApiRoutes,
  reviewExportRoutes,
  subscriptionMethodsFor,
  type ReadinessCheck,
} from '@reviews/adapters-http';
import { mcpMethodsFor, mcpRoutes } from '@reviews/adapters-mcp';
import type { Express, Router } from 'express';
import type { Container } from 'inversify';
import type { ServerConfig } from '../config/server-config.js';
import type { Logger } from '../logging/logger.js';
import { metricsRouters } from './metrics.bindings.js';
import { TOKENS } from './tokens.js';

/** The driving side: readiness checks, the signup and MCP routers, and the Express app. */
export function bindHttp(container: Container, config: ServerConfig, logger: Logger): void {
  container.bind<readonly ReadinessCheck[]>(TOKENS.ReadinessChecks).toResolvedValue(
    (live: LivePublication, store: SubscriptionStore) => [
      { name: 'catalog', isReady: () => Promise.resolve(live.current() !== undefined) },
      { name: 'subscriptions', isReady: () => store.ping().then(() => true) },
    ],
    [TOKENS.LivePublication, TOKENS.SubscriptionStore],
  );

  container.bind<readonly Router[]>(TOKENS.DrivingRouters).toResolvedValue(
    (
      searchTools: SearchTools,
      getTool: GetTool,
      quota: RequestQuota,
      profile: ServiceProfile,
      subscribe: Subscribe,
      confirm: ConfirmSubscription,
      unsubscribe: Unsubscribe,
      previewLink: PreviewSubscriptionLink,
      exportCatalog: ExportCatalog,
    ) => [
      openApiRoutes({ baseUrl: profile.baseUrl, quota }),
      reviewExportRoutes({ exportCatalog, quota }),
      createSubscriptionRouter({
        subscribe,
        confirm,
        unsubscribe,
        previewLink,
        quota,
        options: { serviceName: config.serviceName },
      }),
      mcpRoutes({
        searchTools,
        getTool,
        quota,
        clientKeyOf: clientKey,
        baseUrl: profile.baseUrl,
        logger,
      }),
    ],
    [
      TOKENS.SearchTools,
      TOKENS.GetTool,
      TOKENS.RequestQuota,
      TOKENS.ServiceProfile,
      TOKENS.Subscribe,
      TOKENS.ConfirmSubscription,
      TOKENS.Unsubscribe,
      TOKENS.PreviewSubscriptionLink,
      TOKENS.ExportCatalog,
    ],
  );

  container.bind<Express>(TOKENS.HttpApp).toResolvedValue(
    (
      searchTools: SearchTools,
      getTool: GetTool,
      quota: RequestQuota,
      readiness: readonly ReadinessCheck[],
      routers: readonly Router[],
    ) =>
      createHttpApp({
        logger,
        trustProxy: config.trustProxy,
        tools: { searchTools, getTool, quota },
        readiness,
        routers: [...metricsRouters(container, config), ...routers],
        methodsFor: (path) => subscriptionMethodsFor(path) ?? mcpMethodsFor(path),
      }),
    [
      TOKENS.SearchTools,
      TOKENS.GetTool,
      TOKENS.RequestQuota,
      TOKENS.ReadinessChecks,
      TOKENS.DrivingRouters,
    ],
  );
}
