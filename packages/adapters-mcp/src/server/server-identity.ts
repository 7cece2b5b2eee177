import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';

/**
 * Who this MCP server is. The server's `serverInfo` and the server card are both built from these
 * constants, so the card's `name` and `version` always equal what `initialize` reports
 * (docs/mcp.md#server-card).
 */

/** The reverse-DNS namespace of the service (reviews-example.dev, reversed); also of our `_meta` keys. */
export const MCP_SERVER_NAMESPACE = 'dev.reviews-example';

/** Reverse-DNS name with exactly one `/`, as server cards and registries require. */
export const MCP_SERVER_NAME = `${MCP_SERVER_NAMESPACE}/reviews`;

/** Version of the MCP surface (its tools and their schemas), not of the npm package. */
export const MCP_SERVER_VERSION = '1.0.0';

/** The site's title too (the default `SERVICE_NAME`), spelled the same on the server card. */
export const MCP_SERVER_TITLE = 'Developer Tool Reviews';

/**
 * At most 100 characters (server card rule). It names what the server offers because the server
 * card's format has no capabilities member (they are negotiated: `initialize`, `server/discover`).
 */
export const MCP_SERVER_DESCRIPTION =
  'Dated reviews of developer tools to search, read and cite: tools, Markdown resources, prompts.';

/** Sent in the `initialize` result: the one paragraph an agent reads before choosing a tool. */
export const MCP_SERVER_INSTRUCTIONS =
  'Read-only archive of dated editorial reviews of developer tools. Call search_tools first (keywords and/or an exact category; omit q to browse), then get_tool with an id from its results. Page with cursor = the previous nextCursor until it is null. When you use a review, cite its url and reviewedOn date and pass on the historicalNotice: reviews are historical and do not establish current capabilities. The same pages are resources (reviews://tools/{id}, as Markdown), and the prompts evaluate_tool and compare_tools set up an evaluation with these rules.';

/** The per-request (no handshake, no session) protocol revision: `_meta` on every request. */
const MCP_STATELESS_PROTOCOL_VERSION = '2026-07-28';

/**
 * Protocol revisions this server serves on `POST /mcp`: the 2026-07-28 per-request generation and
 * the 2025 `initialize` generation, newest first. The SDK's own list, handed to the server as its
 * `supportedProtocolVersions`, so the server card and an unsupported-version error cannot drift
 * from what is served.
 */
export const MCP_PROTOCOL_VERSIONS: readonly string[] = [
  MCP_STATELESS_PROTOCOL_VERSION,
  ...SUPPORTED_PROTOCOL_VERSIONS,
];
