import { MAX_EMAIL_LENGTH } from '@reviews/domain';
import express from 'express';
import type { Request, RequestHandler, Response } from 'express';
import { sendPage } from '../html/page-layout.js';
import { clientNetwork } from '../shared/client-address.js';
import { STORE_UNAVAILABLE, signupFailure } from './signup-errors.js';
import { EMAIL_TOO_LONG } from './subscription.schemas.js';
import { chargeSignup } from './signup-quota.js';
import { unlessStoreUnavailable } from './store-availability.js';
import { messagePage, signupFormPage } from './subscription-pages.js';
import type { SubscriptionRouterDeps } from './subscription-router.deps.js';

const parseForm = express.urlencoded({
  extended: false,
  limit: '1kb',
  type: 'application/x-www-form-urlencoded',
});

/**
 * Refuses a browser post of the signup form from another site
 * (docs/api.md#no-website-can-sign-its-visitors-up), with a 403 page and before any quota or work:
 * - `Sec-Fetch-Site` other than `same-origin` (or `none`: typed by the person) is refused;
 * - an `Origin` other than `PUBLIC_BASE_URL`'s origin is refused, except `Origin: null` sent with
 *   `Sec-Fetch-Site: same-origin` (Chromium sends `null` for posts from our own pages, whose
 *   `Referrer-Policy` is `no-referrer`).
 * A request with neither header is not a browser's (browsers send `Origin` on every POST) and
 * goes on, as curl's does.
 */
export function sameOriginOnly(deps: SubscriptionRouterDeps): RequestHandler {
  const base = new URL(deps.options.publicBaseUrl);
  const allowed = base.origin;
  const formPage = `${allowed}${base.pathname.replace(/\/+$/, '')}/subscribe`;
  const isSameOrigin = (req: Request): boolean => {
    const site = req.get('sec-fetch-site')?.toLowerCase();
    const origin = req.get('origin');
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
    if (origin === undefined || origin === allowed) return true;
    return origin === 'null' && site === 'same-origin';
  };
  return (req, res, next) => {
    if (isSameOrigin(req)) return next();
    return sendPage(
      res,
      403,
      messagePage(
        deps.options.serviceName,
        'Signup not accepted',
        `This form accepts signups only from its own page. To sign up, open ${formPage} and use the form there.`,
        'error',
      ),
    );
  };
}

/** `GET /subscribe`: the form page. */
export function showSignupForm(deps: SubscriptionRouterDeps): RequestHandler {
  return (_req, res) => sendPage(res, 200, signupFormPage(deps.options.serviceName));
}

/**
 * `POST /subscribe/form`: the form's target. Same bucket, same use case as `POST /subscribe`
 * (consent source `page`), but answers with HTML pages, so it works without JavaScript. The
 * consent box must be ticked; otherwise nothing is stored and the form is shown again.
 */
export function submitSignupForm(deps: SubscriptionRouterDeps): RequestHandler {
  const site = deps.options.serviceName;
  const form = (res: Response, status: number, error: string, email?: string, headers = {}) =>
    sendPage(
      res.set(headers),
      status,
      signupFormPage(site, { error, ...(email === undefined ? {} : { email }) }),
    );

  return async (req: Request, res: Response) => {
    const limited = await chargeSignup(deps.quota, req, res);
    if (limited !== null)
      return form(res, limited.status, limited.message, undefined, limited.headers);
    const reading = await readSignupForm(req, res);
    if ('error' in reading) return form(res, reading.status, reading.error, reading.email);
    const { email } = reading;
    const consent = {
      source: 'page' as const,
      userAgent: req.get('user-agent'),
      clientNetwork: clientNetwork(req),
    };
    const result = await unlessStoreUnavailable(deps.subscribe.execute({ email, consent }));
    if (result === null)
      return form(
        res,
        STORE_UNAVAILABLE.status,
        STORE_UNAVAILABLE.message,
        email,
        STORE_UNAVAILABLE.headers,
      );
    if (result.ok)
      return sendPage(
        res,
        200,
        messagePage(site, 'Signup received', result.value.message, 'notice', deps.options.mailNote),
      );
    const failure = signupFailure(result.error);
    if (failure.status === 400) return form(res, 400, failure.message, email);
    res.set(failure.headers);
    return sendPage(
      res,
      failure.status,
      messagePage(site, 'Signup not accepted', failure.message, 'error'),
    );
  };
}

type FormReading =
  | { readonly email: string }
  | { readonly status: number; readonly error: string; readonly email?: string };

/** Reads and checks the posted form: a form body under 1 KiB, an address, the ticked consent. */
async function readSignupForm(req: Request, res: Response): Promise<FormReading> {
  if (!req.is('application/x-www-form-urlencoded')) {
    return { status: 400, error: 'Send the signup with the form on this page.' };
  }
  const parseError = await new Promise<unknown>((done) => parseForm(req, res, done));
  if (parseError) {
    const tooLarge = (parseError as { type?: unknown }).type === 'entity.too.large';
    return tooLarge
      ? { status: 413, error: 'The form data is too large.' }
      : { status: 400, error: 'The form data could not be read.' };
  }
  const fields = (req.body ?? {}) as Record<string, unknown>;
  const email = typeof fields['email'] === 'string' ? fields['email'] : '';
  if (email.trim() === '') return { status: 400, error: 'Enter your e-mail address.' };
  if (email.length > MAX_EMAIL_LENGTH) return { status: 400, error: EMAIL_TOO_LONG };
  if (fields['consent'] !== 'yes') {
    return {
      status: 400,
      error: 'Tick the box to confirm that you agree to receive the newsletter.',
      email,
    };
  }
  return { email };
}
