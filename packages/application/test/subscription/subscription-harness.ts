import {
  CountingRateLimiter,
  InMemorySubscriptionStore,
  RecordingMailer,
  SequentialTokenGenerator,
  SettableClock,
} from '../../src/testing/index.js';
import { ConfirmSubscription } from '../../src/subscription/confirm-subscription.use-case.js';
import { PreviewSubscriptionLink } from '../../src/subscription/preview-subscription-link.use-case.js';
import { Subscribe } from '../../src/subscription/subscribe.use-case.js';
import { VerificationMailDispatcher } from '../../src/subscription/verification-mail-dispatcher.js';
import type { MailDispatchOptions } from '../../src/subscription/verification-mail-dispatcher.js';
import type { SubscribeInput } from '../../src/subscription/subscribe.use-case.js';
import type { SubscriptionSettings } from '../../src/subscription/subscription-settings.js';
import { Unsubscribe } from '../../src/subscription/unsubscribe.use-case.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The use cases wired to fakes, as a server would wire them to adapters. */
export function aSubscriptionHarness(
  settings: Partial<SubscriptionSettings> = {},
  dispatch: MailDispatchOptions = {},
) {
  const store = new InMemorySubscriptionStore();
  const mailer = new RecordingMailer();
  const tokens = new SequentialTokenGenerator();
  const clock = new SettableClock();
  const limiter = new CountingRateLimiter(clock, { mail: { points: 3, windowSeconds: 86_400 } });
  const resolved: SubscriptionSettings = {
    signupsEnabled: true,
    blockedDomains: [],
    serviceName: 'Tool Reviews',
    baseUrl: 'https://reviews.example/',
    ...settings,
  };
  const logged: { level: 'info' | 'warn'; fields: Record<string, unknown>; message: string }[] = [];
  const logger = {
    info: (fields: Record<string, unknown>, message: string) =>
      logged.push({ level: 'info', fields, message }),
    warn: (fields: Record<string, unknown>, message: string) =>
      logged.push({ level: 'warn', fields, message }),
  };
  const dispatcher = new VerificationMailDispatcher(
    store,
    mailer,
    tokens,
    clock,
    limiter,
    resolved,
    logger,
    dispatch,
  );
  return {
    store,
    dispatcher,
    logged,
    mailer,
    tokens,
    clock,
    limiter,
    subscribe: new Subscribe(store, dispatcher, clock, resolved),
    confirm: new ConfirmSubscription(store, tokens, clock),
    unsubscribe: new Unsubscribe(store, tokens, clock),
    preview: new PreviewSubscriptionLink(store, tokens, clock),
  };
}

export function aSignup(email = 'ada@example.com'): SubscribeInput {
  return { email, consent: { source: 'api', userAgent: 'curl/8', clientNetwork: '192.0.2.0/24' } };
}

/** The token in the link of a mail (`…?token=X`) for `purpose`. */
export function tokenIn(url: string | undefined): string {
  const token = url === undefined ? null : new URL(url).searchParams.get('token');
  if (token === null) throw new Error(`no token in ${url}`);
  return token;
}

export function unsubscribeUrlOf(mail: {
  headers: readonly { name: string; value: string }[];
}): string {
  const header = mail.headers.find((h) => h.name === 'List-Unsubscribe');
  return header?.value.replace(/^<|>$/g, '') ?? '';
}
