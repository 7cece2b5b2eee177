import type { ErrorRequestHandler } from 'express';
import { PAGE_SECURITY_HEADERS } from '../html/page-layout.js';
import { HttpError } from '../shared/http-error.js';
import { errorPage } from './error.page.js';
import { DESCRIBED_BY, HTML_CONTENT_TYPE, linkHeader } from './page-response.js';

/**
 * The pages' error handler: an HttpError raised while answering a page (marked by
 * `answersWithPages`) becomes an HTML page with the same status, headers and message the API
 * would give. Anything else — and errors of the JSON routes, which pass through here too — goes
 * on to the app's error handler.
 */
export function pageErrorHandler(siteName: string): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if (res.locals['htmlErrors'] !== true || !(error instanceof HttpError) || res.headersSent) {
      next(error);
      return;
    }
    res
      .status(error.status)
      .set(PAGE_SECURITY_HEADERS)
      .set(error.headers)
      .set('Link', linkHeader([DESCRIBED_BY]))
      .type(HTML_CONTENT_TYPE)
      .send(errorPage(siteName, error.status, error.message));
  };
}
