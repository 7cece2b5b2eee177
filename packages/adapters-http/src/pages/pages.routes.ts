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
  sendPublicDocument,
} from './page-response.js';
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
 * messages.
 */
export function pagesRoutes(deps: PagesRoutesDeps): Router {
  const router = Router();
  const { quota, siteName } = deps;
  const charge = (req: Request, res: Response) => () => chargePages(quota, req, res);

  for (const asset of loadSiteAssets()) {
    router.get(asset.path, (req, res) => sendAsset(req, res, asset, 'plain'));
    router.get(asset.hashedPath, (req, res) => sendAsset(req, res, asset, 'hashed'));
  }

  router.all(PAGE_PATHS, answersWithPages);

  router.get('/', async (req, res) => {
    const overview = await settle(deps.getOverview.execute(), charge(req, res));
    await sendPublicDocument(req, res, quota, homePage(siteName, overview), {
      contentType: HTML_CONTENT_TYPE,
      links: [DESCRIBED_BY, { href: '/.well-known/api-catalog', rel: 'api-catalog' }],
    });
  });

  router.get('/search', async (req, res) => {
    const query = await parseCharged(searchToolsQuerySchema, req.query, charge(req, res));
    // The page always shows the categories of the results and marks what matched.
    const shown = { ...query, facets: ['category' as const], highlight: true };
    // A page with `q` is a search: it pays `search` too, by the API's rule and before any search
    // work (docs/api.md#what-a-search-costs); its ETag follows from the page, so its 304 is paid.
    const searched = query.q !== undefined;
    if (searched) {
      await chargeQuota(quota, req, res, [BUCKETS.pages, BUCKETS.search], {
        search: () => deps.searchTools.cost(shown),
      });
    }
    const paid = () => Promise.resolve();
    const result = await settle(
      deps.searchTools.execute(shown),
      searched ? paid : charge(req, res),
    );
    await sendPublicDocument(req, res, quota, searchPage(siteName, query, result), {
      contentType: HTML_CONTENT_TYPE,
      links: [DESCRIBED_BY],
      charged: searched,
    });
  });

  router.get('/tools/:id', async (req, res) => {
    const raw = String(req.params['id']);
    const markdown = raw.endsWith(MARKDOWN_SUFFIX) && raw.length > MARKDOWN_SUFFIX.length;
    const idParam = markdown ? raw.slice(0, -MARKDOWN_SUFFIX.length) : raw;
    const { id } = await parseCharged(toolIdParamSchema, { id: idParam }, charge(req, res));
    const query = await parseCharged(getToolQuerySchema, req.query, charge(req, res));
    const detail = await settle(deps.getTool.execute({ id, ...query }), charge(req, res));
    if (markdown) {
      await sendPublicDocument(req, res, quota, toolMarkdown(detail, query.limit), {
        contentType: MARKDOWN_CONTENT_TYPE,
        links: [{ href: toolPath(id), rel: 'alternate', type: 'text/html' }, DESCRIBED_BY],
      });
      return;
    }
    await sendPublicDocument(req, res, quota, toolPage(siteName, query, detail), {
      contentType: HTML_CONTENT_TYPE,
      links: [
        { href: `${toolPath(id)}${MARKDOWN_SUFFIX}`, rel: 'alternate', type: 'text/markdown' },
        DESCRIBED_BY,
      ],
    });
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
