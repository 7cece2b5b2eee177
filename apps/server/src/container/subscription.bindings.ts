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
import { OutboxMailer, SesMailer, SmtpMailer } from '@reviews/adapters-mail';
import { FileSubscriptionStore, NodeCryptoTokenGenerator } from '@reviews/adapters-persistence';
import type { Container } from 'inversify';
import type {
  ClosableSubscriptionStore,
  ServerConfig,
  SharedStorage,
} from '@reviews/service-common';
import type { Logger } from '../logging/logger.js';
import { TOKENS } from './tokens.js';

/**
 * The signup: the durable file store under DATA_DIR (or the shared storage's, with MONGODB_URL
 * or DATABASE_URL), mail as `config.mail` picks it (SMTP_URL: an SMTP server; SES_REGION:
 * Amazon SES; neither: the outbox folder), the verification-mail dispatcher (it sweeps the
 * records' outbox once started, at boot) and the four use cases. The dispatcher, the store and the
 * mail client are released on shutdown.
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
  if (config.storage.family === 'files') {
    container
      .bind<ClosableSubscriptionStore>(TOKENS.SubscriptionStore)
      .toResolvedValue(() => FileSubscriptionStore.open(config.dataDir, { logger }))
      .onDeactivation((store) => store.close());
  } else {
    container
      .bind<ClosableSubscriptionStore>(TOKENS.SubscriptionStore)
      .toResolvedValue(
        (storage: SharedStorage) => storage.openSubscriptionStore(),
        [TOKENS.SharedStorage],
      )
      .onDeactivation((store) => store.close());
  }
  container
    .bind<TokenGenerator>(TOKENS.TokenGenerator)
    .toResolvedValue(() => new NodeCryptoTokenGenerator());
}

function bindMailer(container: Container, config: ServerConfig, logger: Logger): void {
  const mail = config.mail;
  const from = config.mailFrom;
  switch (mail.family) {
    case 'outbox':
      container.bind<Mailer>(TOKENS.Mailer).toResolvedValue(
        (clock: Clock) =>
          new OutboxMailer({
            dataDir: config.dataDir,
            from,
            logger,
            clock,
            // For the person who started the service locally, beside the Listening line.
            ...(logger.isLevelEnabled('info')
              ? { announce: (line: string) => process.stderr.write(`${line}\n`) }
              : {}),
          }),
        [TOKENS.Clock],
      );
      return;
    case 'ses':
      container
        .bind<SesMailer>(TOKENS.Mailer)
        .toResolvedValue(
          () => new SesMailer({ region: mail.region, endpoint: mail.endpoint, from }),
        )
        .onDeactivation((mailer) => mailer.close());
      return;
    case 'smtp':
      container
        .bind<SmtpMailer>(TOKENS.Mailer)
        .toResolvedValue(
          (clock: Clock) => new SmtpMailer({ server: mail.server, from, clock }),
          [TOKENS.Clock],
        )
        .onDeactivation((mailer) => mailer.close());
      return;
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
