import {
  cursorSchema,
  detailResultSchema,
  errorBodySchema,
  facetsSchema,
  highlightSchema,
  LIMIT_RANGE,
  limitSchema,
  searchResultSchema,
  type Rights,
} from '@reviews/application';
import { DEFAULT_PAGE_LIMIT, MAX_KEYWORDS, MAX_PAGE_DEPTH } from '@reviews/domain';
import { RESEND_INTERVAL_TEXT } from '../subscription/subscription-rule-texts.js';
import {
  createDocument,
  type oas31,
  type ZodOpenApiOperationObject,
  type ZodOpenApiOverride,
  type ZodOpenApiResponseObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import { z } from 'zod';
import {
  subscribeAcceptedSchema,
  subscribeBodySchema,
} from '../subscription/subscription.schemas.js';
import { searchToolsQuerySchema, toolIdParamSchema } from '../tools/tool-query.schemas.js';
import { markdownInline as markdownText } from '@reviews/http-common';
import { RESPONSE_HEADERS as H } from './response-headers.js';

/** What the document says about who runs the service (from configuration). */
export interface OpenApiFacts {
  /** `PUBLIC_BASE_URL`, no trailing slash. */
  readonly baseUrl: string;
  readonly serviceName: string;
  readonly rights: Rights;
}

const json = (schema: z.ZodType, description: string, headers: z.ZodObject) => ({
  description,
  headers,
  content: { 'application/json': { schema } },
});
const error = (description: string, headers: z.ZodObject = H.counted) =>
  json(errorBodySchema, description, headers);

/**
 * Query parameters as the API reads them. The wire carries text, but the rules are those of the
 * typed inputs the routes turn them into (`limit` an integer 1–20, `cursor` 1–4 digits), so the
 * document shows those: it is what a client must send.
 */
const pageParams = {
  limit: limitSchema.optional().meta({
    description: `Items per page, ${LIMIT_RANGE} (default ${DEFAULT_PAGE_LIMIT}).`,
    default: DEFAULT_PAGE_LIMIT,
  }),
  cursor: cursorSchema.optional().meta({
    description: `The nextCursor of the previous response; omit for the first page. Paging stops at result ${MAX_PAGE_DEPTH}: read /reviews/index.json for more.`,
  }),
};
const searchParams = z.object({
  q: searchToolsQuerySchema.shape.q,
  category: searchToolsQuerySchema.shape.category,
  ...pageParams,
  // The wire form of a list: one parameter, values separated by commas (facets=category).
  facets: facetsSchema.optional().meta({
    param: { style: 'form', explode: false },
    description:
      'facets=category also counts the categories of every match (all pages, ignoring the category filter) in facets.category, most frequent first. Facet names separated by commas.',
  }),
  highlight: highlightSchema.optional(),
});
const detailParams = z.object(pageParams);

const readErrors = {
  '304': {
    description: 'Your stored response (by ETag) is still current; no body.',
    headers: H.notModified,
  },
  '400': error('Invalid request: the message names the parameter and the rule.'),
  '404': error('No tool has that id, or nothing is at that path.'),
  '405': error('Method not allowed: use GET (the Allow header lists the methods).', H.notAllowed),
  '429': error('Request limit reached: wait the number of seconds in Retry-After.', H.retryLater),
  '500': error('Something failed on our side (it is logged, without your data); retry later.'),
  '503': error('No catalog is published right now: retry after Retry-After seconds.', H.retryLater),
};

const searchTools: ZodOpenApiOperationObject = {
  operationId: 'searchTools',
  tags: ['tools'],
  summary: 'Find reviewed tools by keyword and/or category, or browse them.',
  description: `Every keyword must match (AND), up to ${MAX_KEYWORDS}; omit q to browse, newest review first. Page with cursor = nextCursor until it is null.`,
  requestParams: { query: searchParams },
  responses: {
    '200': json(searchResultSchema, 'One page of results.', H.readOk),
    ...readErrors,
  },
};

const getTool: ZodOpenApiOperationObject = {
  operationId: 'getTool',
  tags: ['tools'],
  summary: 'A tool with one page of its dated reviews (newest first) and its stacks record.',
  requestParams: { path: toolIdParamSchema, query: detailParams },
  responses: {
    '200': json(detailResultSchema, 'The tool and one page of reviews.', H.readOk),
    ...readErrors,
  },
};

/**
 * The `HEAD` of a read: the same parameters, statuses and headers as its `GET` (ETag, rate-limit
 * headers: a HEAD is charged like the GET), without a body (docs/api.md#every-response).
 */
function headOf(get: ZodOpenApiOperationObject): ZodOpenApiOperationObject {
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, response] of Object.entries(get.responses ?? {})) {
    const withoutBody = { ...(response as ZodOpenApiResponseObject) };
    delete withoutBody.content;
    responses[status as `${1 | 2 | 3 | 4 | 5}${string}`] = withoutBody;
  }
  return {
    ...get,
    operationId: `${get.operationId}Head`,
    summary: `The headers of ${get.operationId}, without the body.`,
    description: `Answers as GET would (same parameters, statuses and headers, charged the same), with no body.`,
    responses,
  };
}

/**
 * `z.literal(1)` is published as an integer constant (docs/api.md#every-response:
 * `schemaVersion: 1`).
 */
const integerLiterals: ZodOpenApiOverride = ({ zodSchema, jsonSchema }) => {
  const def = zodSchema._zod.def;
  if (
    def.type === 'literal' &&
    def.values.every((v) => typeof v === 'number' && Number.isInteger(v))
  )
    jsonSchema.type = 'integer';
};

/**
 * The OpenAPI 3.1.0 document of the public API
 * (docs/api.md#for-agents-and-tools-the-machine-documents), generated from the very zod schemas the
 * routes validate with, so it cannot drift from the code.
 */
export function createOpenApiDocument(facts: OpenApiFacts): oas31.OpenAPIObject {
  const { baseUrl, rights } = facts;
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: facts.serviceName,
        version: '1.0.0',
        description: `Read-only access to published, dated editorial reviews of developer tools, and a double opt-in newsletter signup. No key or account: every operation is anonymous. Historical reviews reflect the assessment at publication and do not establish current capabilities of a tool: cite the review url and reviewedOn. Reviews: © ${rights.copyrightYear} ${markdownText(rights.copyrightHolder)}. ${markdownText(rights.usageTerms)}`,
        contact: { name: rights.copyrightHolder, url: `${baseUrl}/developers.md` },
        license: {
          name: 'Terms of use of the reviews',
          url: `${baseUrl}/developers.md#rights-and-citing`,
        },
      },
      servers: [{ url: baseUrl, description: 'This service' }],
      security: [],
      externalDocs: { description: 'Developer guide', url: `${baseUrl}/developers.md` },
      tags: [
        {
          name: 'tools',
          description: 'Search reviewed developer tools and read their dated reviews.',
        },
        {
          name: 'newsletter',
          description: 'Double opt-in newsletter signup, only with the person’s consent.',
        },
      ],
      paths: {
        '/api/v1/tools': { get: searchTools, head: headOf(searchTools) },
        '/api/v1/tools/{id}': { get: getTool, head: headOf(getTool) },
        '/subscribe': {
          post: {
            operationId: 'subscribeNewsletter',
            tags: ['newsletter'],
            summary: 'Ask for a newsletter signup; only with the person’s permission.',
            description:
              'The person must then follow the verification e-mail. Do not retry a 200 or a 409: if the answer was lost, check the inbox first.',
            requestBody: {
              required: true,
              content: { 'application/json': { schema: subscribeBodySchema } },
            },
            responses: {
              '200': json(
                subscribeAcceptedSchema,
                `Accepted: a verification mail is on its way (or was sent in the last ${RESEND_INTERVAL_TEXT}).`,
                H.counted,
              ),
              '400': error(
                'Not JSON, wrong content type, extra or missing members, or an invalid address.',
              ),
              '403': error('Blocked domain, suppressed address, or the owner declined signups.'),
              '409': error('The address is already subscribed.'),
              '413': error('The body is over 1 KiB.'),
              '429': error('Signup or mail limit reached: wait Retry-After seconds.', H.retryLater),
              '500': error(
                'Something failed on our side (it is logged, without your data); retry later.',
              ),
              '502': error(
                'The mail provider failed; the signup stays pending and you may retry later.',
              ),
              '503': error(
                'Signups are switched off or the store is unavailable; retry later.',
                H.maybeRetryLater,
              ),
            },
          },
        },
      },
    },
    { override: integerLiterals },
  );
}
