export { ifNoneMatchHits, strongETag } from './conditional-request.js';
export { rateLimitHeaders, tooManyRequests } from './rate-limit-headers.js';
export {
  foldToOneLine,
  markdownAutolink,
  markdownInline,
  markdownInlineStrong,
  markdownText,
} from './markdown-text.js';
export { issueSentences } from './zod-issues.js';
export { categoryPath, withCursor } from './paged-url.js';
export { reviewMarkdown, rightsMarkdown, toolMarkdown } from './tool-markdown.js';
export { MAX_JSON_DEPTH, jsonNestsDeeperThan, verifyJsonBody } from './json-depth.js';
export { INTERNAL_ERROR_MESSAGE, requestFailed } from './request-failure.js';
export type { RequestFailure } from './request-failure.js';
export {
  REQUEST_ID_HEADER,
  applyCharge,
  errorBodyFor,
  frameHeaderList,
  isNotModified,
  labelRoute,
  requestIdFor,
  routeLabelOf,
  sendJsonError,
  sendNotModified,
  sendNotModifiedAfter,
  setFrameHeaders,
  validatorHeaders,
  varyOn,
} from './response-pipeline.js';
export { errorBody, jsonRpcError } from './error-bodies.js';
export type { JsonRpcErrorBody } from './error-bodies.js';
