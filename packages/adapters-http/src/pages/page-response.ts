import { type RequestQuota, BUCKETS } from '@reviews/application';
import { isNotModified, sendNotModified } from '@reviews/http-common';
import type { Request, RequestHandler, Response } from 'express';
import { PAGE_SECURITY_HEADERS } from '../html/page-layout.js';
import { sendCacheable } from '../shared/cacheable-response.js';
import { chargeQuota } from '../shared/request-quota.js';

export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';
export const MARKDOWN_CONTENT_TYPE = 'text/markdown; charset=utf-8';

/** The agent-facing description of the whole site (built by the machine-documents router). */
const LLMS_TXT_PATH = '/llms.txt';

interface PageLink {
  readonly href: string;
  readonly rel: string;
  readonly type?: string;
}

/** RFC 8288 `Link` header value; `href`s are our own paths, so they need no escaping. */
export function linkHeader(links: readonly PageLink[]): string {
  return links
    .map((link) => `<${link.href}>; rel="${link.rel}"${link.type ? `; type="${link.type}"` : ''}`)
    .join(', ');
}

/** Every page and twin is described for agents by `/llms.txt`. */
export const DESCRIBED_BY: PageLink = { href: LLMS_TXT_PATH, rel: 'describedby' };

/**
 * Charges the `pages` bucket (docs/api.md#limits); rejects with a 429 HttpError when it is empty.
 */
export const chargePages = (quota: RequestQuota, req: Request, res: Response): Promise<void> =>
  chargeQuota(quota, req, res, [BUCKETS.pages]);

/**
 * Sends a public page (or twin) with the security headers, its `Link`s, an ETag and
 * `Cache-Control` (304 when the client's copy is current, which costs no quota). Compression is
 * the app's (over 1 KiB, gzip or br).
 */
export async function sendPublicDocument(
  req: Request,
  res: Response,
  quota: RequestQuota,
  body: string,
  options: {
    readonly contentType: string;
    readonly links: readonly PageLink[];
    /** Already charged before its work (a search page with `q`): nothing more to charge. */
    readonly charged?: boolean;
    /** The page's ETag from `PageValidator`, taken in the same tick as its body. */
    readonly etag?: string | undefined;
  },
): Promise<void> {
  res.set(PAGE_SECURITY_HEADERS).set('Link', linkHeader(options.links));
  await sendCacheable(req, res, body, {
    contentType: options.contentType,
    ...(options.etag === undefined ? {} : { etag: options.etag }),
    ...(options.charged === true ? {} : { beforeBody: () => chargePages(quota, req, res) }),
  });
}

/**
 * Answers 304 when the client's copy of a page is current, before the page is charged or built:
 * `etag` is its `PageValidator` ETag (none before the first publication), `exists` tells
 * `If-None-Match: *` whether the page exists (docs/api.md#caching-and-etags). The 304 carries
 * the 200's security headers and `Link`s.
 */
export function pageNotModified(
  req: Request,
  res: Response,
  etag: string | undefined,
  exists: boolean,
  links: readonly PageLink[],
): boolean {
  if (etag === undefined || !isNotModified(req.get('If-None-Match'), etag, exists)) return false;
  res.set(PAGE_SECURITY_HEADERS).set('Link', linkHeader(links));
  sendNotModified(res, etag);
  return true;
}

/** Marks the response as a page's, so that its errors are answered as HTML pages. */
export const answersWithPages: RequestHandler = (_req, res, next) => {
  res.locals['htmlErrors'] = true;
  next();
};
