import {
  GetCatalogOverview,
  GetReview,
  GetTool,
  LivePublication,
  RateLimitedQuota,
  type ServiceProfile,
} from '@reviews/application';
import { aServiceProfile, readUseCasesOver, RecordingLogger } from '@reviews/application/testing';
import { Publication, type CatalogDocument, type Tool } from '@reviews/domain';
import { aTool } from '@reviews/domain/testing';
import type { Express } from 'express';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SettableClock } from '@reviews/application/testing';
import { ConfirmSubscription } from '../../../application/src/subscription/confirm-subscription.use-case.js';
import { PreviewSubscriptionLink } from '../../../application/src/subscription/preview-subscription-link.use-case.js';
import { Subscribe } from '../../../application/src/subscription/subscribe.use-case.js';
import { Unsubscribe } from '../../../application/src/subscription/unsubscribe.use-case.js';
import { VerificationMailDispatcher } from '../../../application/src/subscription/verification-mail-dispatcher.js';
import { OutboxMailer } from '../../../adapters-mail/src/outbox-mailer.js';
import {
  MemoryRateLimiter,
  type BucketSizes,
} from '../../../adapters-persistence/src/rate-limiting/memory-rate-limiter.js';
import { NodeCryptoTokenGenerator } from '../../../adapters-persistence/src/security/node-crypto-token-generator.js';
import { FileSubscriptionStore } from '../../../adapters-persistence/src/subscription/file-subscription-store.js';
import {
  createHttpApp,
  createSubscriptionRouter,
  requestSteps,
  notFoundPages,
  PageValidator,
  pagesRoutes,
  ReadValidator,
  subscriptionMethodsFor,
} from '../../src/index.js';

export const SITE_NAME = 'Tool Reviews';

const GENEROUS: BucketSizes = {
  api: { points: 10_000, windowSeconds: 60 },
  search: { points: 10_000, windowSeconds: 60 },
  pages: { points: 10_000, windowSeconds: 60 },
  signup: { points: 100, windowSeconds: 3600 },
  mail: { points: 100, windowSeconds: 86_400 },
};

/** The bundled sample catalog (fictional tools), plus one tool with enough reviews to page. */
export async function sampleTools(): Promise<Tool[]> {
  const file = new URL(
    '../../../../packages/service-common/catalog/sample-catalog.json',
    import.meta.url,
  );
  const document = JSON.parse(await readFile(file, 'utf8')) as CatalogDocument;
  const prolific = aTool()
    .withId('longlog')
    .named('Longlog')
    .describedAs('A log shipper reviewed every week for half a year. (Fictional sample tool.)')
    .inCategory('Observability')
    .withReviewCount(23)
    .build();
  return [...document.tools, prolific];
}

/**
 * The website as the server wires it, on a real port at `http://localhost:{port}` (a secure
 * context for WebMCP, and the `PUBLIC_BASE_URL`, so every absolute link is followable): the
 * read API, the pages, the signup (file store, outbox), the HTML 404, a real in-process limiter.
 */
export async function startSite(tools: readonly Tool[], options: { buckets?: BucketSizes } = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'site-http-'));
  let app: Express | null = null;
  const server = createServer((req, res) => app?.(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;

  const profile: ServiceProfile = aServiceProfile(url);
  const live = new LivePublication();
  live.replace(
    Publication.publish('site-publication', {
      schemaVersion: 1,
      publishedAt: '2026-11-16T09:00:00Z',
      tools,
    }),
  );
  const logger = new RecordingLogger();
  const clock = new SettableClock(new Date());
  const store = await FileSubscriptionStore.open(dataDir);
  const mailer = new OutboxMailer({
    dataDir,
    from: 'Tool Reviews <no-reply@reviews.example>',
    logger,
    clock,
  });
  const tokens = new NodeCryptoTokenGenerator();
  const limiter = new MemoryRateLimiter(options.buckets ?? GENEROUS);
  const quota = new RateLimitedQuota(limiter);
  // Counts its runs, to show which pages ran no search.
  const { searchTools } = readUseCasesOver(undefined, { live, profile });
  const getTool = new GetTool(live, profile);
  const readValidator = new ReadValidator(live, profile);
  const settings = {
    signupsEnabled: true,
    blockedDomains: [],
    serviceName: SITE_NAME,
    baseUrl: url,
  };

  app = createHttpApp({
    logger,
    steps: requestSteps({ accessLogger: logger, methodsFor: subscriptionMethodsFor }),
    trustProxy: false,
    tools: { searchTools, getTool, quota, validator: readValidator },
    readiness: [],
    routers: [
      pagesRoutes({
        searchTools,
        getTool,
        getReview: new GetReview(live, profile),
        getOverview: new GetCatalogOverview(live, profile),
        quota,
        siteName: SITE_NAME,
        validator: new PageValidator(readValidator, SITE_NAME),
      }),
      createSubscriptionRouter({
        subscribe: new Subscribe(
          store,
          new VerificationMailDispatcher(store, mailer, tokens, clock, limiter, settings, logger),
          clock,
          settings,
        ),
        confirm: new ConfirmSubscription(store, tokens, clock),
        unsubscribe: new Unsubscribe(store, tokens, clock),
        previewLink: new PreviewSubscriptionLink(store, tokens, clock),
        quota,
        options: { serviceName: SITE_NAME, publicBaseUrl: url },
      }),
    ],
    notFoundPages: notFoundPages({ quota, siteName: SITE_NAME }),
  });

  return {
    url,
    live,
    store,
    logger,
    searches: () => searchTools.executions,
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await store.close().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type RunningSite = Awaited<ReturnType<typeof startSite>>;
