import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { simpleParser } from 'mailparser';
import type { Mailer } from '@reviews/application';
import { RecordingLogger, SettableClock } from '@reviews/application/testing';
import { RateLimitedQuota } from '../../../application/src/rate-limiting/rate-limited-quota.js';
import { ConfirmSubscription } from '../../../application/src/subscription/confirm-subscription.use-case.js';
import { PreviewSubscriptionLink } from '../../../application/src/subscription/preview-subscription-link.use-case.js';
import { Subscribe } from '../../../application/src/subscription/subscribe.use-case.js';
import { VerificationMailDispatcher } from '../../../application/src/subscription/verification-mail-dispatcher.js';
import { Unsubscribe } from '../../../application/src/subscription/unsubscribe.use-case.js';
import { OutboxMailer } from '../../../adapters-mail/src/outbox-mailer.js';
import { MemoryRateLimiter } from '../../../adapters-persistence/src/rate-limiting/memory-rate-limiter.js';
import type { BucketSizes } from '../../../adapters-persistence/src/rate-limiting/memory-rate-limiter.js';
import { NodeCryptoTokenGenerator } from '../../../adapters-persistence/src/security/node-crypto-token-generator.js';
import { FileSubscriptionStore } from '../../../adapters-persistence/src/subscription/file-subscription-store.js';
import { corsStep } from '../../src/shared/cors.middleware.js';
import { errorHandler, notFoundHandler } from '../../src/shared/error-handler.js';
import {
  createSubscriptionRouter,
  isSubscriptionPath,
  subscriptionMethodsFor,
} from '../../src/subscription/subscription.routes.js';
import { frameResponse } from '../../src/shared/request-id.middleware.js';
import { testOpenApiConformance } from '../support/read-api-harness.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface SignupServerOptions {
  readonly buckets?: BucketSizes;
  readonly signupsEnabled?: boolean;
  readonly blockedDomains?: readonly string[];
  /** `PUBLIC_BASE_URL` (default: the server's own URL). */
  readonly publicBaseUrl?: string;
  /** Replaces the outbox mailer (e.g. SES); it gets the server's data dir. */
  readonly mailer?: (dataDir: string) => Mailer;
}

/** A received verification mail, read back from the outbox `.eml`. */
export interface OutboxMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly confirmToken: string;
  readonly unsubscribeToken: string;
  readonly unsubscribeUrl: string;
}

export const CONTRACT_BUCKETS: BucketSizes = {
  signup: { points: 5, windowSeconds: 3600 },
  mail: { points: 3, windowSeconds: 86_400 },
  pages: { points: 120, windowSeconds: 60 },
};

/**
 * The signup routes on a real port, wired as the server wires them: the app's CORS middleware,
 * file store, outbox mailer, in-process limiter, real tokens; only the clock is the test's.
 */
export async function startSignupServer(options: SignupServerOptions = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'signup-http-'));
  const clock = new SettableClock(new Date());
  const logger = new RecordingLogger();
  const store = await FileSubscriptionStore.open(dataDir);
  const mailer =
    options.mailer?.(dataDir) ??
    new OutboxMailer({ dataDir, from: 'Tool Reviews <no-reply@reviews.example>', logger, clock });
  const tokens = new NodeCryptoTokenGenerator();
  const limiter = new MemoryRateLimiter(options.buckets ?? CONTRACT_BUCKETS);
  let app: express.Express | null = null;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => app?.(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const conformance = testOpenApiConformance().watch(server);
  const settings = {
    signupsEnabled: options.signupsEnabled ?? true,
    blockedDomains: options.blockedDomains ?? [],
    serviceName: 'Tool Reviews',
    baseUrl: url,
  };
  const dispatcher = new VerificationMailDispatcher(
    store,
    mailer,
    tokens,
    clock,
    limiter,
    settings,
    logger,
  );
  app = express();
  app.set('trust proxy', false);
  const cors = corsStep(
    (path) => subscriptionMethodsFor(path) ?? ['GET', 'HEAD'],
    isSubscriptionPath,
  );
  app.use((req, res, next) => {
    frameResponse(req, res);
    if (!cors(req, res, req.path)) next();
  });
  app.use(
    createSubscriptionRouter({
      subscribe: new Subscribe(store, dispatcher, clock, settings),
      confirm: new ConfirmSubscription(store, tokens, clock),
      unsubscribe: new Unsubscribe(store, tokens, clock),
      previewLink: new PreviewSubscriptionLink(store, tokens, clock),
      quota: new RateLimitedQuota(limiter),
      options: { serviceName: 'Tool Reviews', publicBaseUrl: options.publicBaseUrl ?? url },
    }),
  );
  app.use(notFoundHandler);
  app.use(errorHandler(logger));

  return {
    url,
    dataDir,
    clock,
    store,
    dispatcher,
    logger,
    /** Every response, checked against the OpenAPI document; `close()` rejects on a violation. */
    conformance,
    postJson: (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${url}/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    postForm: (
      path: string,
      fields: Record<string, string>,
      headers: Record<string, string> = {},
    ) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(fields).toString(),
      }),
    outbox: () => readOutbox(dataDir),
    close: async () => {
      await new Promise((done) => server.close(done));
      await store.close().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
      conformance.assertConforms();
    },
  };
}

export type SignupServer = Awaited<ReturnType<typeof startSignupServer>>;

async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = join(dataDir, 'outbox');
  const names = (await readdir(dir).catch(() => [])).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(
    names.map(async (name) => {
      const parsed = await simpleParser(await readFile(join(dir, name)));
      const header = parsed.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
      const unsubscribeUrl = /<([^>]+)>/.exec(header)?.[1] ?? '';
      const confirmUrl = /\S+\/subscribe\/confirm\?token=\S+/.exec(parsed.text ?? '')?.[0] ?? '';
      return {
        to: [parsed.to ?? []]
          .flat()
          .map((a) => a.text)
          .join(', '),
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        confirmToken: new URL(confirmUrl).searchParams.get('token') ?? '',
        unsubscribeToken: new URL(unsubscribeUrl).searchParams.get('token') ?? '',
        unsubscribeUrl,
      };
    }),
  );
}
