import express from 'express';
import type { Request, RequestHandler, Response } from 'express';
import type { Result, SubscriptionError } from '@reviews/domain';
import { STATUS_BY_CODE } from '../shared/use-case-errors.js';
import { sendPage } from '../html/page-layout.js';
import { STORE_UNAVAILABLE } from './signup-errors.js';
import { DECLINE_PERIOD_TEXT } from './subscription-rule-texts.js';
import { unlessStoreUnavailable } from './store-availability.js';
import { linkPromptPage, messagePage } from './subscription-pages.js';
import type { SubscriptionRouterDeps } from './subscription-router.deps.js';
import { subscriptionTokenSchema } from './subscription.schemas.js';

const parseForm = express.urlencoded({
  extended: false,
  limit: '1kb',
  type: 'application/x-www-form-urlencoded',
});

const DONE = {
  confirmed: ['You are subscribed', 'Thank you: your newsletter signup is confirmed.'],
  'already-confirmed': [
    'Already confirmed',
    'This signup is already confirmed. Nothing more to do.',
  ],
  unsubscribed: ['You are unsubscribed', 'You will not receive the newsletter any more.'],
  cancelled: [
    'Signup cancelled',
    `The signup is cancelled and this address will be refused for the next ${DECLINE_PERIOD_TEXT}. You will not hear from us.`,
  ],
  'already-unsubscribed': [
    'Already unsubscribed',
    'This address is already unsubscribed. Nothing more to do.',
  ],
} as const;

type Outcome = keyof typeof DONE;

interface LinkHandlers {
  readonly showConfirm: RequestHandler;
  readonly confirm: RequestHandler[];
  readonly showUnsubscribe: RequestHandler;
  readonly unsubscribe: RequestHandler[];
}

/**
 * The pages behind the mail's links. GET only shows what the button would do (it changes
 * nothing, so link scanners are harmless); POST does it. `POST /subscribe/unsubscribe?token=…`
 * with the body `List-Unsubscribe=One-Click` is RFC 8058's one-click unsubscribe.
 */
export function linkHandlers(deps: SubscriptionRouterDeps): LinkHandlers {
  const site = deps.options.serviceName;
  const page = linkPages(site);

  const show =
    (purpose: 'confirm' | 'unsubscribe'): RequestHandler =>
    async (req, res) => {
      const token = tokenOf(req.query['token']);
      if (token === null) return page.badToken(res);
      const result = await unlessStoreUnavailable(deps.previewLink.execute({ token, purpose }));
      if (result === null) return page.unavailable(res);
      if (!result.ok) return page.error(res, result.error);
      const action = result.value.action;
      if (action === 'already-confirmed' || action === 'already-unsubscribed')
        return page.done(res, action);
      return sendPage(res, 200, linkPromptPage(site, action, token));
    };

  const act = (
    run: (token: string) => Promise<Result<{ outcome: Outcome }, SubscriptionError>>,
  ): RequestHandler[] => [
    (req, res, next) =>
      parseForm(req, res, (error?: unknown) => (error ? page.badToken(res) : next())),
    async (req: Request, res: Response) => {
      const fields = (req.body ?? {}) as Record<string, unknown>;
      const token = tokenOf(fields['token']) ?? tokenOf(req.query['token']);
      if (token === null) return page.badToken(res);
      const result = await unlessStoreUnavailable(run(token));
      if (result === null) return page.unavailable(res);
      return result.ok ? page.done(res, result.value.outcome) : page.error(res, result.error);
    },
  ];

  return {
    showConfirm: show('confirm'),
    confirm: act((token) => deps.confirm.execute({ token })),
    showUnsubscribe: show('unsubscribe'),
    unsubscribe: act((token) => deps.unsubscribe.execute({ token })),
  };
}

/** The answers of the link pages: an error by its code, the store down, done, a bad token. */
function linkPages(site: string) {
  return {
    error: (res: Response, error: SubscriptionError) =>
      sendPage(
        res,
        STATUS_BY_CODE[error.code],
        messagePage(site, 'This link cannot be used', error.message, 'error'),
      ),
    unavailable: (res: Response) => {
      res.set(STORE_UNAVAILABLE.headers);
      sendPage(
        res,
        503,
        messagePage(site, 'Temporarily unavailable', STORE_UNAVAILABLE.message, 'error'),
      );
    },
    done: (res: Response, outcome: Outcome) =>
      sendPage(res, 200, messagePage(site, DONE[outcome][0], DONE[outcome][1], 'notice')),
    badToken: (res: Response) =>
      sendPage(
        res,
        400,
        messagePage(
          site,
          'This link is incomplete',
          'Copy the whole link from the e-mail into the address bar.',
          'error',
        ),
      ),
  };
}

function tokenOf(value: unknown): string | null {
  const parsed = subscriptionTokenSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
