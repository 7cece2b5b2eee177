import { DOCUMENT_PATHS as P } from './document-paths.js';
import { markdownInline as markdownText } from '@reviews/http-common';
import { BUCKET_COUNTS, describeRate, requestScheme, type ServiceFacts } from './service-facts.js';

/**
 * `/auth.md` (docs/api.md#for-agents-and-tools-the-machine-documents): how an agent authenticates
 * here, which is not at all. It says so plainly and publishes no OAuth metadata and no stub
 * endpoints.
 */
export function renderAuthMd(facts: ServiceFacts): string {
  const base = facts.baseUrl;
  const limits = facts.rateLimits
    .map(
      (f) =>
        `- \`${f.bucket}\`: ${describeRate(f)}, counting ${BUCKET_COUNTS[f.bucket] ?? 'requests'}.`,
    )
    .join('\n');
  return `# auth.md: ${markdownText(facts.serviceName)}

> No authentication. Every operation of this service is anonymous: no account, API key, token or
> sign-in exists, and none is needed.

## Audience

AI agents and programs that search and read the reviews through the REST API
(${base}${P.openApi}) or the MCP server (\`POST ${base}${P.mcp}\`), and people's tools that do the same.

## Registration and provisioning

None. There is no registration, client provisioning, OAuth, dynamic client registration or key
endpoint, and no protected resource metadata: do not look for one.

## Methods

Anonymous ${requestScheme(facts)} requests. MCP clients choose "no authentication" when they connect.

## Credentials

No credentials are issued or accepted. Send no \`Authorization\` header, cookie or key; the service
sets no cookies.

## Rate limits

Limits apply per client network (an IPv4 address, or an IPv6 /64), shared by REST and MCP:

${limits}

Responses carry \`RateLimit-Policy\` and \`RateLimit\`. Over a limit the answer is HTTP 429 with
\`Retry-After\` (whole seconds): wait that long before retrying. A 304 (a matching
\`If-None-Match\`) costs nothing.

## Acting for a person

The newsletter signup (\`POST ${base}${P.subscribe}\`) needs the person's explicit consent: send it only
when they asked for it. They confirm through the verification mail; you cannot confirm for them.

## More

- [Developer guide](${base}${P.developerGuide})
- [llms.txt](${base}${P.llmsTxt})
`;
}
