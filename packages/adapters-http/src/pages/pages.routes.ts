import {
  BUCKETS,
  type GetCatalogOverview,
  type GetReview,
  type GetTool,
  type RequestQuota,
  type SearchTools,
} from '@reviews/application';
import type { DomainError, Result } from '@reviews/domain';
import { toolMarkdown } from '@reviews/http-common';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { HttpError } from '../shared/http-error.js';
import { parseCharged } from '../shared/parse-charged.js';
import { chargeQuota } from '../shared/request-quota.js';
import { toHttpError, type UseCaseErrorCode } from '../shared/use-case-errors.js';
import {
  getToolQuerySchema,
  searchToolsQuerySchema,
  toolIdParamSchema,
} from '../tools/tool-query.schemas.js';
import { homePage } from './home.page.js';
import { pageErrorHandler } from './page-errors.js';
import {
  answersWithPages,
  chargePages,
  DESCRIBED_BY,
  HTML_CONTENT_TYPE,
  MARKDOWN_CONTENT_TYPE,
  pageNotModified,
  sendPublicDocument,
} from './page-response.js';
import type { PageValidator } from './page-validator.js';
import { toolPath } from './page-parts.js';
import { reviewPage } from './review.page.js';
import { searchPage } from './search.page.js';
import { loadSiteAssets, sendAsset } from './site-assets.js';
import { toolPage } from './tool.page.js';

interface PagesRoutesDeps {
  readonly searchTools: Pick<SearchTools, 'execute' | 'cost'>;
  readonly getTool: Pick<GetTool, 'execute'>;
  readonly getReview: Pick<GetReview, 'execute'>;
  readonly getOverview: Pick<GetCatalogOverview, 'execute'>;
  /** Charges the `pages` bucket, and `search` for a page with `q` (docs/api.md#limits). */
  readonly quota: RequestQuota;
  /** Named in the header and titles. */
  readonly siteName: string;
  /** The pages' ETags, known before any work (docs/api.md#caching-and-etags). */
  readonly validator: Pick<PageValidator, 'etag' | 'toolExists'>;
}

const PAGE_PATHS = ['/', '/search', '/tools/:id', '/tools/:id/reviews/:reviewId'];
const MARKDOWN_SUFFIX = '.md';

/** Review ids follow the same path rule as tool ids (docs/api.md#errors-and-statuses). */
const reviewIdParamSchema = z.object({
  reviewId: z
    .string()
    .min(1, { error: 'the review id must not be empty' })
    .max(200, { error: 'the review id must be at most 200 characters' })
    .regex(/^[A-Za-z0-9._~-]+$/, {
      error: 'the review id may contain only letters, digits and . _ ~ -',
    }),
});

/**
 * The website (docs/api.md#website): `/`, `/search`, `/tools/{id}`, its Markdown twin
 * `/tools/{id}.md` and `/tools/{id}/reviews/{reviewId}`, server-rendered from the same use cases
 * as the API, plus the stylesheet and the WebMCP script. Every page has an ETag, is counted in
 * the `pages` bucket (a 304 is free) and answers errors as HTML with the API's statuses and
 * messages. The home, search and tool pages decide their 304 from an ETag that follows from the
 * publication and the canonical request, before any charge and any search work, as the read API
 * does; it is taken again in the same tick as the body, so the two always agree.
 */
export function pagesRoutes(deps: PagesRoutesDeps): Router {
  const router = Router();
  const { quota, siteName, validator } = deps;
  const charge = (req: Request, res: Response) => () => chargePages(quota, req, res);

  for (const asset of loadSiteAssets()) {
    router.get(asset.path, (req, res) => sendAsset(req, res, asset, 'plain'));
    router.get(asset.hashedPath, (req, res) => sendAsset(req, res, asset, 'hashed'));
  }

  router.all(PAGE_PATHS, answersWithPages);

  router.get('/', async (req, res) => {
    const links = [DESCRIBED_BY, { href: '/.well-known/api-catalog', rel: 'api-catalog' }];
    const canonical = ['home-page'];
    if (pageNotModified(req, res, validator.etag(req, canonical), true, links)) return;
    const result = deps.getOverview.execute();
    const etag = validator.etag(req, canonical);
    const overview = await settle(result, charge(req, res));
    await sendPublicDocument(req, res, quota, homePage(siteName, overview), {
      contentType: HTML_CONTENT_TYPE,
      links,
      etag,
    });
  });

  router.get('/search', async (req, res) => {
    const query = await parseCharged(searchToolsQuerySchema, req.query, charge(req, res));
    const canonical = [
      'search-page',
      query.q ?? null,
      query.category ?? null,
      query.limit ?? null,
      query.cursor ?? null,
    ];
    // Free, and before any charge or search work: the ETag follows from the publication and
    // the request (docs/api.md#caching-and-etags).
    if (pageNotModified(req, res, validator.etag(req, canonical), true, [DESCRIBED_BY])) return;
    // The page always shows the categories of the results and marks what matched.
    const shown = { ...query, facets: ['category' as const], highlight: true };
    // A page with `q` is a search: it pays `search` too, by the API's rule and before any search
    // work (docs/api.md#what-a-search-costs).
    if (query.q !== undefined) {
      await chargeQuota(quota, req, res, [BUCKETS.pages, BUCKETS.search], {
        search: () => deps.searchTools.cost(shown),
      });
    } else {
      await chargePages(quota, req, res);
    }
    const result = deps.searchTools.execute(shown);
    const etag = validator.etag(req, canonical);
    const paid = () => Promise.resolve();
    const found = await settle(result, paid);
    await sendPublicDocument(req, res, quota, searchPage(siteName, query, found), {
      contentType: HTML_CONTENT_TYPE,
      links: [DESCRIBED_BY],
      charged: true,
      etag,
    });
  });

  router.get('/tools/:id', async (req, res) => {
    const raw = String(req.params['id']);
    const markdown = raw.endsWith(MARKDOWN_SUFFIX) && raw.length > MARKDOWN_SUFFIX.length;
    const idParam = markdown ? raw.slice(0, -MARKDOWN_SUFFIX.length) : raw;
    const { id } = await parseCharged(toolIdParamSchema, { id: idParam }, charge(req, res));
    const query = await parseCharged(getToolQuerySchema, req.query, charge(req, res));
    const links = markdown
      ? [{ href: toolPath(id), rel: 'alternate', type: 'text/html' }, DESCRIBED_BY]
      : [
          { href: `${toolPath(id)}${MARKDOWN_SUFFIX}`, rel: 'alternate', type: 'text/markdown' },
          DESCRIBED_BY,
        ];
    const canonical = ['tool-page', id, markdown, query.limit ?? null, query.cursor ?? null];
    const exists = validator.toolExists(id);
    if (pageNotModified(req, res, validator.etag(req, canonical), exists, links)) return;
    const result = deps.getTool.execute({ id, ...query });
    const etag = validator.etag(req, canonical);
    const detail = await settle(result, charge(req, res));
    await sendPublicDocument(
      req,
      res,
      quota,
      markdown ? toolMarkdown(detail, query.limit) : toolPage(siteName, query, detail),
      { contentType: markdown ? MARKDOWN_CONTENT_TYPE : HTML_CONTENT_TYPE, links, etag },
    );
  });

  router.get('/tools/:id/reviews/:reviewId', async (req, res) => {
    const { id } = await parseCharged(
      toolIdParamSchema,
      { id: req.params['id'] },
      charge(req, res),
    );
    const { reviewId } = await parseCharged(
      reviewIdParamSchema,
      { reviewId: req.params['reviewId'] },
      charge(req, res),
    );
    const page = await settle(deps.getReview.execute({ toolId: id, reviewId }), charge(req, res));
    await sendPublicDocument(req, res, quota, reviewPage(siteName, page), {
      contentType: HTML_CONTENT_TYPE,
      links: [
        { href: `${toolPath(id)}${MARKDOWN_SUFFIX}`, rel: 'alternate', type: 'text/markdown' },
        DESCRIBED_BY,
      ],
    });
  });

  router.all(PAGE_PATHS, (req) => {
    throw new HttpError(405, `${req.method} is not allowed on a page; use GET.`, {
      Allow: 'GET, HEAD, OPTIONS',
    });
  });

  router.use(pageErrorHandler(siteName));
  return router;
}

/** The use case's value, or its error as the API would answer it (charged likewise). */
async function settle<T>(
  result: Result<T, DomainError<UseCaseErrorCode>>,
  charge: () => Promise<void>,
): Promise<T> {
  if (result.ok) return result.value;
  await charge();
  throw toHttpError(result.error);
}
