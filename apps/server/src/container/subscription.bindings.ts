import {
  ConfirmSubscription,
  PreviewSubscriptionLink,
  Subscribe,
  StoreMailBacklog,
  Unsubscribe,
  VerificationMailDispatcher,
  type Clock,
  type SubscriptionSettings,
  type SubscriptionStore,
  type TokenGenerator,
} from '@reviews/application';
import { OutboxMailer, SesMailer, SmtpMailer } from '@reviews/adapters-mail';
import { FileSubscriptionStore, NodeCryptoTokenGenerator } from '@reviews/adapters-persistence';
import type { Container } from 'inversify';
import type { ServerConfig } from '@reviews/service-common';
import type { Logger } from '../logging/logger.js';
import { TOKENS } from './tokens.js';
import { bindResolved, type Token } from './typed-binding.js';

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
    bindResolved(container, TOKENS.SubscriptionStore, {}, () =>
      FileSubscriptionStore.open(config.dataDir, { logger }),
    ).onDeactivation((store) => store.close());
  } else {
    bindResolved(
      container,
      TOKENS.SubscriptionStore,
      { storage: TOKENS.SharedStorage },
      ({ storage }) => storage.openSubscriptionStore(),
    ).onDeactivation((store) => store.close());
  }
  bindResolved(container, TOKENS.TokenGenerator, {}, () => new NodeCryptoTokenGenerator());
}

function bindMailer(container: Container, config: ServerConfig, logger: Logger): void {
  const mail = config.mail;
  const from = config.mailFrom;
  switch (mail.family) {
    case 'outbox':
      bindResolved(
        container,
        TOKENS.Mailer,
        { clock: TOKENS.Clock },
        ({ clock }) =>
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
      );
      return;
    case 'ses':
      bindResolved(
        container,
        TOKENS.Mailer,
        {},
        () => new SesMailer({ region: mail.region, endpoint: mail.endpoint, from }),
      ).onDeactivation((mailer) => mailer.close?.());
      return;
    case 'smtp':
      bindResolved(
        container,
        TOKENS.Mailer,
        { clock: TOKENS.Clock },
        ({ clock }) => new SmtpMailer({ server: mail.server, from, clock }),
      ).onDeactivation((mailer) => mailer.close?.());
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
  bindResolved(
    container,
    TOKENS.MailBacklog,
    { store: TOKENS.SubscriptionStore },
    ({ store }) => new StoreMailBacklog(store),
  );
  bindResolved(
    container,
    TOKENS.MailDispatcher,
    {
      store: TOKENS.SubscriptionStore,
      mailer: TOKENS.Mailer,
      tokens: TOKENS.TokenGenerator,
      clock: TOKENS.Clock,
      limiter: TOKENS.RateLimiter,
    },
    ({ store, mailer, tokens, clock, limiter }) =>
      new VerificationMailDispatcher(store, mailer, tokens, clock, limiter, settings, logger),
  ).onDeactivation((dispatcher) => dispatcher.stop());
}

/** The use cases that follow a link from the mail: each reads the store, hashes, dates. */
function bindSubscriptionUseCases(container: Container, settings: SubscriptionSettings): void {
  bindResolved(
    container,
    TOKENS.Subscribe,
    { store: TOKENS.SubscriptionStore, dispatcher: TOKENS.MailDispatcher, clock: TOKENS.Clock },
    ({ store, dispatcher, clock }) => new Subscribe(store, dispatcher, clock, settings),
  );
  const linked = {
    store: TOKENS.SubscriptionStore,
    tokens: TOKENS.TokenGenerator,
    clock: TOKENS.Clock,
  };
  const link = <T>(
    bound: Token<T>,
    UseCase: new (store: SubscriptionStore, tokens: TokenGenerator, clock: Clock) => T,
  ) =>
    bindResolved(
      container,
      bound,
      linked,
      ({ store, tokens, clock }) => new UseCase(store, tokens, clock),
    );
  link(TOKENS.ConfirmSubscription, ConfirmSubscription);
  link(TOKENS.Unsubscribe, Unsubscribe);
  link(TOKENS.PreviewSubscriptionLink, PreviewSubscriptionLink);
}
