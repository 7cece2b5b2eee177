import { describe, expect, it } from '@jest/globals';
import { mailboxKey } from '../../src/subscription/mailbox-key.js';

describe('mailboxKey', () => {
  it('counts name+tag@domain as name@domain, for any domain', () => {
    expect(mailboxKey('Ada+news@Example.com')).toBe('ada@example.com');
    expect(mailboxKey('ada+a+b@example.org')).toBe('ada@example.org');
  });

  it('folds Gmail spellings of one mailbox: dots, googlemail.com, case', () => {
    const key = mailboxKey('ada.lovelace@gmail.com');
    expect(mailboxKey('A.d.a.Lovelace+x@googlemail.com')).toBe(key);
    expect(mailboxKey('adalovelace@GMAIL.COM')).toBe(key);
    expect(key).toBe('adalovelace@gmail.com');
  });

  it('keeps dots significant at providers that do not ignore them', () => {
    expect(mailboxKey('ada.lovelace@example.com')).not.toBe(mailboxKey('adalovelace@example.com'));
  });

  it('keeps a local part that is only a tag', () => {
    expect(mailboxKey('+news@example.com')).toBe('+news@example.com');
  });
});
