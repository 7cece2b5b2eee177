/**
 * The rate-limit buckets of docs/api.md#limits, by name: every charge, every configured size and
 * every `RateLimit` header names one of these.
 */
export const BUCKETS = {
  api: 'api',
  search: 'search',
  pages: 'pages',
  signup: 'signup',
  mail: 'mail',
} as const;

export type BucketName = (typeof BUCKETS)[keyof typeof BUCKETS];
