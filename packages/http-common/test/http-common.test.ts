import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import {
  ifNoneMatchHits,
  issueSentences,
  markdownInline,
  markdownText,
  rateLimitHeaders,
  strongETag,
  tooManyRequests,
} from '../src/index.js';

const decision = (bucket: string, remaining: number) => ({
  bucket,
  allowed: remaining > 0,
  limit: 60,
  remaining,
  windowSeconds: 60,
  resetSeconds: 42,
});

describe('rateLimitHeaders', () => {
  it('lists each bucket once, with its latest state', () => {
    const headers = rateLimitHeaders({
      allowed: true,
      decisions: [decision('api', 57), decision('search', 9), decision('api', 56)],
    });
    expect(headers).toEqual({
      'RateLimit-Policy': '"api";q=60;w=60, "search";q=60;w=60',
      RateLimit: '"api";r=56;t=42, "search";r=9;t=42',
    });
  });

  it('sets nothing when nothing was charged', () => {
    expect(rateLimitHeaders({ allowed: true, decisions: [] })).toEqual({});
  });
});

describe('tooManyRequests', () => {
  it('says when to come back, in the right number', () => {
    expect(tooManyRequests(1)).toBe(
      'Too many requests from your network. Wait 1 second before retrying.',
    );
    expect(tooManyRequests(30)).toContain('Wait 30 seconds');
  });
});

describe('conditional requests', () => {
  const etag = strongETag('body');

  it('names the content coding in the tag, so different bytes never share one', () => {
    expect(strongETag('body', 'gzip')).toBe(`${etag.slice(0, -1)}-gzip"`);
  });

  it.each([
    [etag, true],
    [`W/${etag}`, true],
    [`"other", ${etag}`, true],
    ['*', true],
    ['"other"', false],
  ])('If-None-Match %s hits: %s', (header, hits) => {
    expect(ifNoneMatchHits(header, etag)).toBe(hits);
  });

  it('misses without the header', () => {
    expect(ifNoneMatchHits(undefined, etag)).toBe(false);
  });
});

describe('issueSentences', () => {
  const schema = z.strictObject({
    limit: z.number({ error: 'limit must be a number' }),
    q: z.string({ error: 'q must be text' }),
  });

  it('words unknown keys the adapter’s way and keeps each other message once', () => {
    const result = schema.safeParse({ extra: 1, more: 2 });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(
      issueSentences(result.error, { unknownKeys: (keys) => `unknown ${keys.join(', ')}` }),
    ).toEqual(['limit must be a number', 'q must be text', 'unknown extra, more']);
  });

  it('lets the adapter word an issue of its own', () => {
    const result = schema.safeParse({ limit: 'x', q: 'ok' });
    if (result.success) throw new Error('expected a failure');
    expect(
      issueSentences(result.error, {
        unknownKeys: () => 'unused',
        other: (issue) =>
          issue.code === 'invalid_type' ? `bad ${String(issue.path[0])}` : undefined,
      }),
    ).toEqual(['bad limit']);
  });
});

describe('Markdown text (every Markdown output)', () => {
  const BREAKS = {
    NEL: '\u0085',
    'LINE SEPARATOR': '\u2028',
    'PARAGRAPH SEPARATOR': '\u2029',
    CRLF: '\r\n',
    CR: '\r',
    LF: '\n',
    VT: '\v',
    FF: '\f',
    'FILE SEPARATOR': '\u001c',
  };
  /** Every line start a renderer or a model might see, whatever it takes for a line break. */
  // eslint-disable-next-line no-control-regex -- the information separators break lines too
  const lines = (text: string) => text.split(/\r\n|[\n\r\v\f\u001c-\u001e\u0085\u2028\u2029]/);

  it.each(Object.entries(BREAKS))(
    'folds %s inside a paragraph, so no `#` after it starts a heading',
    (_name, mark) => {
      for (const render of [markdownInline, markdownText]) {
        expect(render(`Intro.${mark}# Heading`)).toBe('Intro. # Heading');
        expect(lines(render(`${mark}# Heading${mark}- item`))).toEqual(['\\# Heading - item']);
      }
    },
  );

  it('keeps paragraphs at blank lines of LF, CR or CRLF, and only there', () => {
    expect(markdownText('One\n\nTwo\r\n \r\nThree\r\rFour\r\nFive\u0085\u0085Six')).toBe(
      'One\n\nTwo\n\nThree\n\nFour Five Six',
    );
    expect(markdownText('One\n\n# Two')).toBe('One\n\n\\# Two');
  });
});
