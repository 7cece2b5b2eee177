import { MAX_EMAIL_LENGTH } from '@reviews/domain';
import { html } from '../html/escape-html.js';
import type { SafeHtml } from '../html/escape-html.js';
import { renderPage } from '../html/page-layout.js';
import { DECLINE_PERIOD_TEXT } from './subscription-rule-texts.js';

interface SignupFormState {
  readonly email?: string;
  readonly error?: string;
}

/** `GET /subscribe`: the signup form; posts form-encoded data, works without JavaScript. */
export function signupFormPage(siteName: string, state: SignupFormState = {}): string {
  const error =
    state.error === undefined ? '' : html`<p class="notice error" role="alert">${state.error}</p>`;
  const body = html` <p class="lead">
      Get an e-mail when new reviews are published. We send you a link first: nothing happens until
      you confirm from your inbox, and every newsletter has an unsubscribe link.
    </p>
    ${error}
    <form class="card" method="post" action="/subscribe/form">
      <label for="email">E-mail address</label>
      <input
        id="email"
        name="email"
        type="email"
        autocomplete="email"
        maxlength="${MAX_EMAIL_LENGTH}"
        required
        value="${state.email ?? ''}"
      />
      <p class="consent">
        <input id="consent" name="consent" type="checkbox" value="yes" required />
        <label for="consent"
          >I agree to receive the ${siteName} newsletter at this address. I can unsubscribe at any
          time.</label
        >
      </p>
      <button type="submit">Sign up</button>
    </form>`;
  return renderPage({
    title: 'Newsletter signup',
    siteName,
    body,
    current: 'subscribe',
    description: `Sign up for the ${siteName} newsletter (double opt-in).`,
  });
}

/**
 * A page that only says something: a result, or why something could not be done, and a `note`
 * below it. The heading names the outcome; the message says what to do (it may start with an
 * instruction, so the heading does not repeat it).
 */
export function messagePage(
  siteName: string,
  title: string,
  message: string,
  kind: 'notice' | 'error',
  note?: string,
): string {
  const body = html`<p class="notice${kind === 'error' ? ' error' : ''}">${message}</p>
    ${note === undefined ? '' : html`<p>${note}</p>`}`;
  return renderPage({ title, siteName, body });
}

type LinkAction = 'confirm' | 'unsubscribe' | 'cancel';

const PROMPTS: Readonly<
  Record<LinkAction, { title: string; text: string; button: string; path: string }>
> = {
  confirm: {
    title: 'Confirm your newsletter signup',
    text: 'Press the button to start receiving the newsletter. If you did not ask for it, close this page: nothing happens.',
    button: 'Confirm signup',
    path: '/subscribe/confirm',
  },
  unsubscribe: {
    title: 'Unsubscribe from the newsletter',
    text: 'Press the button to stop receiving the newsletter.',
    button: 'Unsubscribe',
    path: '/subscribe/unsubscribe',
  },
  cancel: {
    title: 'Cancel this signup',
    text: `Someone asked to sign up this address. Press the button to cancel it; the address will then be refused for ${DECLINE_PERIOD_TEXT}, so nobody can sign you up again in that time.`,
    button: 'Cancel signup',
    path: '/subscribe/unsubscribe',
  },
};

/**
 * The page behind a mail link (GET): it only asks. The button POSTs, so link scanners that
 * fetch every URL in a mail cannot confirm or unsubscribe on the person's behalf.
 */
export function linkPromptPage(siteName: string, action: LinkAction, token: string): string {
  const prompt = PROMPTS[action];
  const body: SafeHtml = html`<p>${prompt.text}</p>
    <form method="post" action="${prompt.path}">
      <input type="hidden" name="token" value="${token}" />
      <button type="submit">${prompt.button}</button>
    </form>`;
  return renderPage({ title: prompt.title, siteName, body });
}
