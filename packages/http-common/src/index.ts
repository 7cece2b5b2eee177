export { ifNoneMatchHits, strongETag } from './conditional-request.js';
export { rateLimitHeaders, tooManyRequests } from './rate-limit-headers.js';
export { foldToOneLine, markdownAutolink, markdownInline, markdownText } from './markdown-text.js';
export { issueSentences } from './zod-issues.js';
export type { IssueWording, ZodIssue } from './zod-issues.js';
