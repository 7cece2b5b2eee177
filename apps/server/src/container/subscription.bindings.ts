import {
  ConfirmSubscription,
  PreviewSubscriptionLink,
  Subscribe,
  StoreMailBacklog,
  Unsubscribe,
  VerificationMailDispatcher,
  type Clock,
  type MailBacklog,
  type Mailer,
  type RateLimiter,
  type SubscriptionSettings,
  type SubscriptionStore,
  type TokenGenerator,
} from '@reviews/application';
import { OutboxMailer, SesMailer } from '@reviews/adapters-mail';
import {
  FileSubscriptionStore,
  MongoSubscriptionStore,
  NodeCryptoTokenGenerator,
  type MongoConnection,
} from '@reviews/adapters-persistence';
import type { Container } from 'inversify';
import type { ServerConfig } from '@reviews/service-common';
import type { Logger } from '../logging/logger.js';
import { TOKENS } from './tokens.js';

/**
 * The signup: the durable file store under DATA_DIR (or the shared MongoDB store when
 * MONGODB_URL is set), mail through SES when SES_REGION is set (else the outbox), the
 * verification-mail dispatcher (it sweeps the records' outbox once started, at boot) and the four
 * use cases. The dispatcher, the store and the SES client are released on
 * shutdown.
 */
export function bindSubscription(container: Container, config: ServerConfig, logger: Logger): void {
  const settings: SubscriptionSettings = {
    signupsEnabled: config.signupsEnabled,
    blockedDomains: config.signupBlockedDomains,
    serviceName: config.serviceName,
    baseUrl: config.publicBaseUrl,
  };
  bindSubscriptionStore(container, config, logger);
  bindMailer(container, config, logger);
  bindMailDispatcher(container, settings, logger);
  bindSubscriptionUseCases(container, settings);
}

function bindSubscriptionStore(container: Container, config: ServerConfig, logger: Logger): void {
  if (config.mongodbUrl === undefined) {
    container
      .bind<FileSubscriptionStore>(TOKENS.SubscriptionStore)
      .toResolvedValue(() => FileSubscriptionStore.open(config.dataDir, { logger }))
      .onDeactivation((store) => store.close());
  } else {
    container
      .bind<MongoSubscriptionStore>(TOKENS.SubscriptionStore)
      .toResolvedValue(
        (connection: MongoConnection) => MongoSubscriptionStore.open(connection.db),
        [TOKENS.MongoConnection],
      )
      .onDeactivation((store) => store.close());
  }
  container
    .bind<TokenGenerator>(TOKENS.TokenGenerator)
    .toResolvedValue(() => new NodeCryptoTokenGenerator());
}

function bindMailer(container: Container, config: ServerConfig, logger: Logger): void {
  const ses = config.ses;
  if (ses === undefined) {
    container.bind<Mailer>(TOKENS.Mailer).toResolvedValue(
      (clock: Clock) =>
        new OutboxMailer({
          dataDir: config.dataDir,
          from: config.mailFrom,
          logger,
          clock,
          // For the person who started the service locally, beside the Listening line.
          ...(logger.isLevelEnabled('info')
            ? { announce: (line: string) => process.stderr.write(`${line}\n`) }
            : {}),
        }),
      [TOKENS.Clock],
    );
  } else {
    container
      .bind<SesMailer>(TOKENS.Mailer)
      .toResolvedValue(
        () => new SesMailer({ region: ses.region, endpoint: ses.endpoint, from: config.mailFrom }),
      )
      .onDeactivation((mailer) => mailer.close());
  }
}

/** The dispatcher (started by `startServer`, stopped on shutdown) and the backlog /metrics reads. */
function bindMailDispatcher(
  container: Container,
  settings: SubscriptionSettings,
  logger: Logger,
): void {
  // The durable outbox's backlog, for /metrics.
  container
    .bind<MailBacklog>(TOKENS.MailBacklog)
    .toResolvedValue(
      (store: SubscriptionStore) => new StoreMailBacklog(store),
      [TOKENS.SubscriptionStore],
    );
  container
    .bind<VerificationMailDispatcher>(TOKENS.MailDispatcher)
    .toResolvedValue(
      (
        store: SubscriptionStore,
        mailer: Mailer,
        tokens: TokenGenerator,
        clock: Clock,
        limiter: RateLimiter,
      ) => new VerificationMailDispatcher(store, mailer, tokens, clock, limiter, settings, logger),
      [
        TOKENS.SubscriptionStore,
        TOKENS.Mailer,
        TOKENS.TokenGenerator,
        TOKENS.Clock,
        TOKENS.RateLimiter,
      ],
    )
    .onDeactivation((dispatcher) => dispatcher.stop());
}

/** The use cases that follow a link from the mail: each reads the store, hashes, dates. */
const LINK_USE_CASES: ReadonlyArray<
  readonly [symbol, new (store: SubscriptionStore, tokens: TokenGenerator, clock: Clock) => object]
> = [
  [TOKENS.ConfirmSubscription, ConfirmSubscription],
  [TOKENS.Unsubscribe, Unsubscribe],
  [TOKENS.PreviewSubscriptionLink, PreviewSubscriptionLink],
];

function bindSubscriptionUseCases(container: Container, settings: SubscriptionSettings): void {
  container
    .bind(TOKENS.Subscribe)
    .toResolvedValue(
      (store: SubscriptionStore, dispatcher: VerificationMailDispatcher, clock: Clock) =>
        new Subscribe(store, dispatcher, clock, settings),
      [TOKENS.SubscriptionStore, TOKENS.MailDispatcher, TOKENS.Clock],
    );
  for (const [token, UseCase] of LINK_USE_CASES) {
    container
      .bind(token)
      .toResolvedValue(
        (store: SubscriptionStore, tokens: TokenGenerator, clock: Clock) =>
          new UseCase(store, tokens, clock),
        [TOKENS.SubscriptionStore, TOKENS.TokenGenerator, TOKENS.Clock],
      );
  }
}
