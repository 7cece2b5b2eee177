/**
 * What tests of other packages need from the REST adapter and production code does not: the
 * OpenAPI document as a value, to check every response against it.
 * Published as `@reviews/adapters-http/testing`; never used by production code.
 */
export { createOpenApiDocument } from '../openapi/openapi-document.js';
