import { describe, expect, it } from '@jest/globals';
import { MAX_USER_AGENT_LENGTH, recordConsent } from '../../src/subscription/consent.js';

const at = new Date('2026-11-16T09:00:00Z');

describe('recordConsent', () => {
  it('keeps time, source and network as given', () => {
    expect(
      recordConsent({ source: 'mcp', userAgent: 'agent/2', clientNetwork: '198.51.100.0/24' }, at),
    ).toEqual({
      at,
      source: 'mcp',
      userAgent: 'agent/2',
      clientNetwork: '198.51.100.0/24',
    });
  });

  it('truncates a long user agent', () => {
    const consent = recordConsent(
      { source: 'api', userAgent: 'x'.repeat(5000), clientNetwork: 'n' },
      at,
    );
    expect(consent.userAgent).toHaveLength(MAX_USER_AGENT_LENGTH);
  });

  it('records a missing or blank user agent as null', () => {
    expect(
      recordConsent({ source: 'page', userAgent: '  ', clientNetwork: 'n' }, at).userAgent,
    ).toBeNull();
    expect(recordConsent({ source: 'page', clientNetwork: 'n' }, at).userAgent).toBeNull();
  });
});
