import { SUBSCRIPTION_RULES_IN_WORDS as RULES } from '@reviews/domain';
import { escapeHtml } from '../shared/escape-html.js';
import type { OutgoingMail } from './mailer.port.js';

interface VerificationMailInput {
  readonly to: string;
  readonly serviceName: string;
  readonly baseUrl: string;
  readonly confirmToken: string;
  readonly unsubscribeToken: string;
}

/**
 * The links of a verification mail, built from `PUBLIC_BASE_URL`
 * (docs/api.md#newsletter-signup-double-opt-in).
 */
function subscriptionLinks(baseUrl: string, confirmToken: string, unsubscribeToken: string) {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    confirmUrl: `${base}/subscribe/confirm?token=${encodeURIComponent(confirmToken)}`,
    unsubscribeUrl: `${base}/subscribe/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`,
  };
}

/**
 * The verification mail: says what was asked (a newsletter signup of this address at this
 * service), how to confirm, that ignoring it changes nothing and that the link expires in 48
 * hours. Carries the RFC 8058 one-click unsubscribe headers, which cancel a pending signup.
 */
export function composeVerificationMail(input: VerificationMailInput): OutgoingMail {
  const { confirmUrl, unsubscribeUrl } = subscriptionLinks(
    input.baseUrl,
    input.confirmToken,
    input.unsubscribeToken,
  );
  const site = input.baseUrl.replace(/\/+$/, '');
  const intro = `Someone, hopefully you, asked to sign up ${input.to} for the newsletter of ${input.serviceName} (${site}).`;
  const ignore =
    'If you did not ask for this, ignore this e-mail: nothing happens and the address is not subscribed.';
  const expiry = `The confirmation link works for ${RULES.confirmTokenTtl}.`;
  const cancel = `To cancel this signup and stop further signups of this address for ${RULES.declinePeriod}, open:`;
  const text = [
    'Hello,',
    '',
    intro,
    '',
    'To confirm, open this link and press the Confirm button:',
    confirmUrl,
    '',
    `${expiry} ${ignore}`,
    '',
    cancel,
    unsubscribeUrl,
    '',
    `-- ${input.serviceName}`,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body>',
    '<p>Hello,</p>',
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(confirmUrl)}">Confirm the newsletter signup</a></p>`,
    `<p>${escapeHtml(`${expiry} ${ignore}`)}</p>`,
    `<p>${escapeHtml(cancel)} <a href="${escapeHtml(unsubscribeUrl)}">cancel this signup</a>.</p>`,
    `<p>&mdash; ${escapeHtml(input.serviceName)}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    to: input.to,
    subject: `Confirm your newsletter signup at ${input.serviceName}`,
    text,
    html,
    headers: [
      { name: 'List-Unsubscribe', value: `<${unsubscribeUrl}>` },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ],
    confirmUrl,
  };
}
