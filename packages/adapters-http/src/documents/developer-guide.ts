import {
  closestToolSchema,
  detailResultSchema,
  facetCountSchema,
  matchedStackTagSchema,
  reviewCitationSchema,
  reviewSchema,
  rightsSchema,
  searchItemSchema,
  searchResultSchema,
  searchSuggestionSchema,
  stackTagSchema,
  stacksSchema,
} from '@reviews/application';
import {
  DEFAULT_PAGE_LIMIT,
  MAX_EXCERPT_LENGTH,
  MAX_KEYWORDS,
  MAX_PAGE_DEPTH,
  MAX_PAGE_LIMIT,
  MAX_QUERY_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_SUGGESTIONS,
  ONE_TYPO_LENGTH,
  TWO_TYPOS_LENGTH,
} from '@reviews/domain';
import { DOCUMENT_PATHS as P } from './document-paths.js';
import { markdownInline as markdownText } from '@reviews/http-common';
import { fieldTable } from './schema-fields.js';
import { BUCKET_COUNTS, describeRate, rateOf, type ServiceFacts } from './service-facts.js';

const cell = (text: string): string => text.replace(/\r\n?|\n/g, ' ').replace(/\|/g, '\\|');
const EMAIL_MAX = MAX_EMAIL_LENGTH;

/**
 * `/developers.md`: the developer guide (operations, fields, errors, limits, caching, citing,
 * MCP, WebMCP) for people and agents. Every number comes from the constants and schemas the code
 * enforces and every address from the base URL; configured texts are escaped as plain text.
 */
export function renderDeveloperGuide(facts: ServiceFacts): string {
  const base = facts.baseUrl;
  const name = markdownText(facts.serviceName);
  const rights = facts.rights;
  // The MCP server's name, version and protocol revisions are the server's own constants, set in
  // code spans as they are: an escape there would show (`1\.0.0`).
  const buckets = facts.rateLimits
    .map((f) => `| \`${f.bucket}\` | ${BUCKET_COUNTS[f.bucket] ?? ''} | ${describeRate(f)} |`)
    .join('\n');
  return `# ${name}: developer guide

> A free, read-only API and MCP endpoint over published, dated editorial reviews of developer
> tools, with a double opt-in newsletter signup. No account or key is needed.

Base address: ${base}. ${markdownText(facts.historicalNotice)}

## Operations

| Operation | Request | Answer |
| --- | --- | --- |
| \`searchTools\` | \`GET ${base}/api/v1/tools?q=&category=&limit=&cursor=&facets=&highlight=\` | one page of tools (Search result) |
| \`getTool\` | \`GET ${base}/api/v1/tools/{id}?limit=&cursor=\` | a tool, one page of its reviews, its stacks record (Detail result) |
| \`subscribeNewsletter\` | \`POST ${base}/subscribe\` with \`{"email": "…"}\` | \`{"status": "accepted", "message": …}\` |

The machine-readable description is [the OpenAPI document](${base}${P.openApi}) (OpenAPI 3.1.0,
generated from the schemas the service validates with); [an interactive reference](${base}${P.apiReference})
renders it.

### Search parameters

- \`q\`: up to ${MAX_QUERY_LENGTH} characters and ${MAX_KEYWORDS} distinct keywords. Every keyword must match (AND);
  a keyword also matches the words it begins (\`postgres\` finds PostgreSQL). Quotes, \`-\`, \`+\`, \`OR\`
  and \`*\` are plain text. Omitted or blank: browse, the most recently reviewed tools first.
- \`category\`: an exact, case-sensitive category name taken from a response.
- \`limit\`: an integer from 1 to ${MAX_PAGE_LIMIT}, default ${DEFAULT_PAGE_LIMIT}.
- \`cursor\`: the \`nextCursor\` of the previous page (1 to 4 digits). Page until \`nextCursor\` is null.
  Paging stops at result ${MAX_PAGE_DEPTH}: read [the export](${base}${P.reviewExport}) for everything.
- \`facets\`: \`category\` adds \`facets.category\`, the categories of every match with their tool
  counts (all pages, not capped at ${MAX_PAGE_DEPTH}, and ignoring \`category\` so a filtered page still shows the
  others), most frequent first, ties by name. Without it nothing is counted.
- \`highlight\`: \`true\` adds \`excerptHighlights\` to every item with an excerpt: \`[start, end)\`
  UTF-16 offsets in \`excerpt\` of the part of each word a keyword matched (\`postg\` marks \`Postg\` in
  PostgreSQL). Render the excerpt as text and mark those ranges; never as HTML.
- A parameter given twice or empty is refused with 400; unknown parameters are ignored.

When a search with \`q\` matches no tool at all (not a page past the end), the answer carries
\`suggestions\`: up to ${MAX_SUGGESTIONS} other spellings of \`q\`, each with the \`total\` it finds in the same category.
They allow one typo in a keyword of ${ONE_TYPO_LENGTH} to ${TWO_TYPOS_LENGTH - 1} characters and two from ${TWO_TYPOS_LENGTH} on (a swap of two neighbours
counts as one), none in shorter ones. It also carries \`closestTools\`: at most \`limit\` tools that
match the most keywords (a rare keyword weighs more than a common one), each with the
\`matchedKeywords\` and \`missingKeywords\`, its excerpt and cited review: partial matches, to
show as such.

Order with \`q\`: name matches, then other tool metadata, then review text; whole words before
prefixes; the most recent review; name; id. Excerpts (at most ${MAX_EXCERPT_LENGTH} characters) come from the
description (\`excerptSource: "tool"\`) or from the review text that matched, which is then cited in \`review\`.

### Detail

\`GET /api/v1/tools/{id}\` takes an \`id\` from a search and pages the tool's reviews newest first
with the same \`limit\` and \`cursor\`. \`stacks\` is null when the tool's technology stack was not
researched: compatibility unknown.

## Fields

Every response object is open: new optional members may appear within schema version 1, so
ignore members you do not know (the OpenAPI document and the MCP output schemas allow them).
Requests stay strict.

Search result:

${fieldTable(searchResultSchema, cell)}

Search item (\`items[]\`):

${fieldTable(searchItemSchema, cell)}

Facet count (\`facets.category[]\`):

${fieldTable(facetCountSchema, cell)}

Suggestion (\`suggestions[]\`):

${fieldTable(searchSuggestionSchema, cell)}

Closest tool (\`closestTools[]\`, a search item with two more members):

${fieldTable(closestToolSchema, cell)}

Matched stack tag (\`items[].matchedStackTags[]\`: a keyword matched the tag but not the name,
description or category, so the excerpt may lack it):

${fieldTable(matchedStackTagSchema, cell)}

Cited review (\`items[].review\`):

${fieldTable(reviewCitationSchema, cell)}

Detail result:

${fieldTable(detailResultSchema, cell)}

Review (\`reviews[]\`):

${fieldTable(reviewSchema, cell)}

Stacks record:

${fieldTable(stacksSchema, cell)}

Stack tag (\`stacks.tags[]\`):

${fieldTable(stackTagSchema, cell)}

Rights:

${fieldTable(rightsSchema, cell)}

## Errors

Every error body is \`{"error": "…"}\` with a message that names the problem and the rule.

| Status | When |
| --- | --- |
| 400 | a bad parameter or body: the message says which and why |
| 403 | signup: blocked domain, suppressed address, or the owner declined |
| 404 | no tool has that id; nothing at that path |
| 405 | a method other than GET, HEAD or OPTIONS on the read API (see \`Allow\`) |
| 409 | signup: the address is already subscribed (do not retry) |
| 413 | signup: the body is over 1 KiB |
| 429 | a rate limit is reached: wait \`Retry-After\` seconds |
| 502 | signup: the mail provider failed; the signup stays pending, retry later |
| 503 | no catalog published yet, or signups unavailable: retry after \`Retry-After\` |

## Limits

Per client network (an IPv4 address, or an IPv6 /64):

| Bucket | Counts | Limit |
| --- | --- | --- |
${buckets}

Every counted response carries \`RateLimit-Policy\` (e.g. \`"api";q=60;w=60\`) and \`RateLimit\`
(\`"api";r=57;t=42\`: requests left and seconds until the window resets). Over a limit the answer is
429 with \`Retry-After\` in whole seconds; honour it. A 304 costs nothing. Input limits: \`q\` ${MAX_QUERY_LENGTH} characters,
\`category\` 200 characters, \`email\` ${EMAIL_MAX} characters, signup bodies 1 KiB.

## Caching

Search, detail, the export, the feed and every document here carry a strong \`ETag\` and
\`Cache-Control: public, max-age=300\`. Send the ETag back in \`If-None-Match\`: a 304 means your copy
is current and costs no quota. Reviews usually change weekly; poll [the feed](${base}${P.reviewFeed})
rather than the API. Bodies over 1 KiB are compressed (gzip, br) when you accept it. Every response
carries \`X-Request-Id\`; search and detail carry \`Server-Timing\`.

## Rights and citing

Reviews are © ${rights.copyrightYear} ${markdownText(rights.copyrightHolder)}. ${markdownText(rights.statement)}
${markdownText(rights.usageTerms)} Contact: ${markdownText(rights.contact)}.

When you use a review, cite its \`url\` (a permanent page) and its \`reviewedOn\` date, and pass on
the \`historicalNotice\`: reviews are historical and do not establish current capabilities of a tool.

## Export and feed

- [${base}${P.reviewExport}](${base}${P.reviewExport}): the whole archive in the catalog format, streamed, with
  every address, the notice and the rights.
- [${base}${P.reviewFeed}](${base}${P.reviewFeed}): Atom, the 100 newest review changes by \`updatedAt\`, newest first;
  each entry links to the review's page.

## MCP

The same search and detail for AI agents: \`POST ${base}${P.mcp}\`, Streamable HTTP, stateless, no
authentication (choose "no auth"). Server \`${facts.mcp.name}\` version \`${facts.mcp.version}\`, protocol
revisions ${facts.mcp.protocolVersions.map((v) => `\`${v}\``).join(', ')}.

| Tool | Arguments | Returns |
| --- | --- | --- |
| \`search_tools\` | \`q?\`, \`category?\`, \`limit?\`, \`cursor?\`, \`facets?\` (\`["category"]\`), \`highlight?\` (boolean) (as the search parameters) | the body of \`GET /api/v1/tools\` |
| \`get_tool\` | \`id\`, \`limit?\`, \`cursor?\` | the body of \`GET /api/v1/tools/{id}\` |

Results carry the REST body as \`structuredContent\` and a compact Markdown text. Bad arguments are
results with \`isError: true\`; the same rate limits apply (\`api\`, and \`search\` for
\`search_tools\`). The server card: [${base}${P.serverCard}](${base}${P.serverCard}).

Resources (\`text/markdown\`): \`reviews://tools/{id}\` is a tool's Markdown twin (the text of
\`${base}/tools/{id}.md\`), \`reviews://tools/{id}/reviews/{reviewId}\` one review,
\`reviews://categories/{category}\` a category's first 20 tools in browse order (the text
\`search_tools\` gives for that category); \`resources/list\` pages through every tool with a cursor,
and each resource names its web page in \`_meta["dev.reviews-example/url"]\`. Prompts:
\`evaluate_tool\` (\`id\`) and \`compare_tools\` (\`ids\`: 2 to 5 tool ids separated by commas) attach
the twins with the citation rules; their arguments are checked like tool arguments.
\`completion/complete\` completes tool ids (by the beginning of an id or a name, at most 20) in both
prompts and templates, a tool's review ids, and category names (by their beginning, at most 20).
Tool arguments such as \`search_tools\`' \`category\` cannot be completed: the protocol completes only
prompt arguments and template variables; complete \`{category}\` instead. Protocol 2026-07-28
answers carry the caching hints \`ttlMs\` and \`cacheScope\` on every list and read.

## WebMCP

In browsers that offer WebMCP (\`document.modelContext\`, or \`navigator.modelContext\` in older
ones), the service's HTML pages register the same two read-only tools, \`search_tools\` and
\`get_tool\`, with the same input schemas, calling the REST API. The signup is never exposed.

## Newsletter signup

\`POST ${base}/subscribe\` with \`{"email": "…"}\`, only with the person's permission: the address gets
a verification mail and nothing else happens until its owner confirms. Do not retry a 200 or a 409.
People can use [the form](${base}${P.subscribe}). Signups: ${rateOf(facts, 'signup')} per network; verification mails: ${rateOf(facts, 'mail')} per address.

## For agents

- [${base}${P.llmsTxt}](${base}${P.llmsTxt}): the index for language models
- [${base}${P.authMd}](${base}${P.authMd}): how to authenticate (you don't)
- [${base}${P.apiCatalog}](${base}${P.apiCatalog}): the API catalog (RFC 9727)
- [${base}${P.aiCatalog}](${base}${P.aiCatalog}): the AI catalog
`;
}
