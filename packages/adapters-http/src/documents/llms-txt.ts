import { DOCUMENT_PATHS as P } from './document-paths.js';
import { markdownInline as markdownText } from '@reviews/http-common';
import { requestScheme, type ServiceFacts } from './service-facts.js';

/**
 * `/llms.txt` (llmstxt.org): an H1, a blockquote summary on one line (the reference parser keeps
 * only a blockquote's first line as the summary), a paragraph, then H2 sections of
 * `- [name](url): note` links to everything an agent can read here.
 */
export function renderLlmsTxt(facts: ServiceFacts): string {
  const base = facts.baseUrl;
  const link = (name: string, path: string, note: string) => `- [${name}](${base}${path}): ${note}`;
  return `# ${markdownText(facts.serviceName)}

> Free, read-only search over published, dated editorial reviews of developer tools, as a REST API and an MCP server. No account, key or sign-in.

Search first, then read a tool by its id; page with \`cursor\` = the previous \`nextCursor\`.
Add \`facets=category\` for the categories of every match with their counts, and \`highlight=true\`
for the offsets of the matched word parts in each excerpt (\`excerptHighlights\`); a search that
matches nothing carries \`suggestions\`, other spellings of \`q\` that find tools.
Cite a review's \`url\` and \`reviewedOn\` when you use it. ${markdownText(facts.historicalNotice)}

## Docs

${link('Developer guide', P.developerGuide, 'operations, fields, errors, limits, caching, citing, MCP and WebMCP')}
${link('OpenAPI document', P.openApi, 'OpenAPI 3.1.0 description of the REST API')}
${link('API reference', P.apiReference, 'the OpenAPI document rendered for people')}
${link('auth.md', P.authMd, `no authentication: anonymous ${requestScheme(facts)}, rate limits per network`)}

## MCP

${link('MCP server card', P.serverCard, `the MCP server (POST ${base}${P.mcp}, Streamable HTTP, no auth) with its protocol versions`)}
${link('MCP resources, prompts and completions', `${P.developerGuide}#mcp`, "reviews://tools/{id} (a tool page as Markdown), reviews://tools/{id}/reviews/{reviewId} and reviews://categories/{category} (a category's tools); prompts evaluate_tool and compare_tools; completion of tool ids, review ids and category names")}

## Data

${link('Review export', P.reviewExport, 'the whole archive as JSON, for reads deeper than 1,000 results')}
${link('Review feed', P.reviewFeed, 'Atom feed of the 100 newest review changes')}

## Optional

${link('API catalog', P.apiCatalog, 'RFC 9727 linkset of the APIs')}
${link('AI catalog', P.aiCatalog, 'AI Catalog entries for the MCP server and the API')}
${link('Newsletter signup', P.subscribe, 'form for people; never sign anyone up without their consent')}
`;
}
