import { createHash } from 'node:crypto';

/**
 * A strong validator for `identity` (the bytes, or a canonical description of what they are
 * made of), with the content coding appended, so identity, gzip and br bodies never share one
 * strong ETag (docs/api.md#caching-and-etags: different bytes, different ETags).
 */
export function strongETag(identity: string | Buffer, encoding = 'identity'): string {
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 32);
  return encoding === 'identity' ? `"${hash}"` : `"${hash}-${encoding}"`;
}

/**
 * RFC 9110 §13.1.2: `If-None-Match` is a list of entity tags (or `*`); comparison is weak, so
 * `W/"x"` matches `"x"`.
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === opaque);
}
