import { describe, expect, it } from '@jest/globals';
import { composeVerificationMail } from '../../src/subscription/verification-mail.js';

const mail = composeVerificationMail({
  to: 'ada@example.com',
  serviceName: 'Tool <Reviews>',
  baseUrl: 'https://reviews.example/',
  confirmToken: 'c-tok',
  unsubscribeToken: 'u-tok',
});

describe('composeVerificationMail', () => {
  it('says what was asked, by whom, how to confirm, and that ignoring it changes nothing', () => {
    expect(mail.subject).toBe('Confirm your newsletter signup at Tool <Reviews>');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('https://reviews.example/subscribe/confirm?token=c-tok');
      expect(part).toContain('48 hours');
      expect(part).toContain('nothing happens');
      expect(part).toContain('ada@example.com');
    }
    expect(mail.text).toContain('newsletter of Tool <Reviews> (https://reviews.example)');
  });

  it('escapes text in the HTML part', () => {
    expect(mail.html).toContain('Tool &lt;Reviews&gt;');
    expect(mail.html).not.toContain('<Reviews>');
  });

  it('carries the RFC 8058 one-click unsubscribe headers', () => {
    expect(mail.headers).toEqual([
      {
        name: 'List-Unsubscribe',
        value: '<https://reviews.example/subscribe/unsubscribe?token=u-tok>',
      },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ]);
    expect(mail.confirmUrl).toBe('https://reviews.example/subscribe/confirm?token=c-tok');
  });
});
