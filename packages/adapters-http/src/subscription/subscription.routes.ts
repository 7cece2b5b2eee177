import { BUCKETS } from '@reviews/application';
import { Router } from 'express';
import type { RequestHandler } from 'express';
import { chargeQuota } from '../shared/request-quota.js';
import { subscribeJsonHandlers } from './subscribe-json.handlers.js';
import { sameOriginOnly, showSignupForm, submitSignupForm } from './subscribe-form.handlers.js';
import { linkHandlers } from './subscription-link.handlers.js';
import type { SubscriptionRouterDeps } from './subscription-router.deps.js';

/** Nothing about a signup may be cached by a browser or proxy; no route sets cookies. */
const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/**
 * The GET pages count in the `pages` bucket (docs/api.md#limits); the POSTs in `signup` or not at
 * all.
 */
function chargePages(deps: SubscriptionRouterDeps): RequestHandler {
  return async (req, res, next) => {
    await chargeQuota(deps.quota, req, res, [BUCKETS.pages]);
    next();
  };
}

/**
 * The newsletter signup's HTTP surface (docs/api.md#newsletter-signup-double-opt-in):
 * - `POST /subscribe` — JSON API; `{ error }` bodies through the app's error handler;
 * - `GET /subscribe` — the form page; `POST /subscribe/form` — its form-encoded target (HTML),
 *   same-origin posts only;
 * - `GET|POST /subscribe/confirm` and `GET|POST /subscribe/unsubscribe` — the mail's links
 *   (GET shows a button, POST acts; one-click unsubscribe per RFC 8058).
 * Mount before the app's 404 and error handlers.
 */
export function createSubscriptionRouter(deps: SubscriptionRouterDeps): Router {
  const router = Router();
  const links = linkHandlers(deps);
  router.use('/subscribe', noStore);
  router.get(['/subscribe', '/subscribe/confirm', '/subscribe/unsubscribe'], chargePages(deps));
  router.post('/subscribe', ...subscribeJsonHandlers(deps));
  router.get('/subscribe', showSignupForm(deps));
  router.post('/subscribe/form', sameOriginOnly(deps), submitSignupForm(deps));
  router.get('/subscribe/confirm', links.showConfirm);
  router.post('/subscribe/confirm', ...links.confirm);
  router.get('/subscribe/unsubscribe', links.showUnsubscribe);
  router.post('/subscribe/unsubscribe', ...links.unsubscribe);
  return router;
}

/**
 * The signup's paths: none grants CORS permission
 * (docs/api.md#no-website-can-sign-its-visitors-up), so that no other website can have its
 * visitors' browsers call them; scripts and agents, which ignore CORS, call directly.
 */
export function isSubscriptionPath(path: string): boolean {
  return path === '/subscribe' || path.startsWith('/subscribe/');
}

/** Methods each signup path answers, for CORS preflights and `Allow` headers. */
export function subscriptionMethodsFor(path: string): readonly string[] | undefined {
  if (path === '/subscribe') return ['GET', 'HEAD', 'POST', 'OPTIONS'];
  if (path === '/subscribe/form') return ['POST', 'OPTIONS'];
  if (path === '/subscribe/confirm' || path === '/subscribe/unsubscribe')
    return ['GET', 'HEAD', 'POST', 'OPTIONS'];
  return undefined;
}
