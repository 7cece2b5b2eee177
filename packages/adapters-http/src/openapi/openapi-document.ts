import { detailResultSchema, errorBodySchema, searchResultSchema } from '@reviews/application';
import { createDocument, type oas31 } from 'zod-openapi';
import { z } from 'zod';
import {
  subscribeAcceptedSchema,
  subscribeBodySchema,
} from '../subscription/subscription.schemas.js';
import {
  getToolQuerySchema,
  searchToolsQuerySchema,
  toolIdParamSchema,
} from '../tools/tool-query.schemas.js';

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const error = (description: string) => json(errorBodySchema, description);

const rateLimited = {
  ...error('Request limit reached: wait the number of seconds in Retry-After.'),
  headers: z.object({
    'Retry-After': z.string().meta({ description: 'Whole seconds to wait before retrying.' }),
  }),
};
const notModified = { description: 'Your stored response (by ETag) is still current; no body.' };
const readErrors = {
  '304': notModified,
  '400': error('Invalid request: the message names the parameter and the rule.'),
  '404': error('No tool has that id, or nothing is at that path.'),
  '405': error('Method not allowed: use GET (the Allow header lists the methods).'),
  '429': rateLimited,
  '503': error('No catalog is published right now: retry later.'),
};

/**
 * The OpenAPI 3.1.0 document of the public API (contract §9), generated from the very zod
 * schemas the routes validate with, so it cannot drift from the code.
 */
export function createOpenApiDocument(baseUrl: string): oas31.OpenAPIObject {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Developer tool reviews',
      version: '1.0.0',
      description:
        'Read-only access to published, dated editorial reviews of developer tools, and a double opt-in newsletter signup. No key or account. Historical reviews reflect the assessment at publication and do not establish current capabilities of a tool: cite the review url and reviewedOn.',
    },
    servers: [{ url: baseUrl }],
    paths: {
      '/api/v1/tools': {
        get: {
          operationId: 'searchTools',
          summary: 'Find reviewed tools by keyword and/or category, or browse them.',
          requestParams: { query: searchToolsQuerySchema },
          responses: { '200': json(searchResultSchema, 'One page of results.'), ...readErrors },
        },
      },
      '/api/v1/tools/{id}': {
        get: {
          operationId: 'getTool',
          summary:
            'A tool with one page of its dated reviews (newest first) and its stacks record.',
          requestParams: { path: toolIdParamSchema, query: getToolQuerySchema },
          responses: {
            '200': json(detailResultSchema, 'The tool and one page of reviews.'),
            ...readErrors,
          },
        },
      },
      '/subscribe': {
        post: {
          operationId: 'subscribeNewsletter',
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
              'Accepted: a verification mail is on its way (or was sent in the last 15 minutes).',
            ),
            '400': error(
              'Not JSON, wrong content type, extra or missing members, or an invalid address.',
            ),
            '403': error('Blocked domain, suppressed address, or the owner declined signups.'),
            '409': error('The address is already subscribed.'),
            '413': error('The body is over 1 KiB.'),
            '429': rateLimited,
            '502': error(
              'The mail provider failed; the signup stays pending and you may retry later.',
            ),
            '503': error('Signups are switched off or the store is unavailable; retry later.'),
          },
        },
      },
    },
  });
}
