import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';

/**
 * Who this MCP server is. The server's `serverInfo` and the server card are both built from these
 * constants, so the card's `name` and `version` always equal what `initialize` reports
 * (agent-resources.md).
 */

/** The reverse-DNS namespace of the service (reviews-example.dev, reversed). */
export const MCP_SERVER_NAMESPACE = 'dev.reviews-example';

/** Reverse-DNS name with exactly one `/`, as server cards and registries require. */
export const MCP_SERVER_NAME = `${MCP_SERVER_NAMESPACE}/reviews`;

/** Version of the MCP surface (its tools and their schemas), not of the npm package. */
export const MCP_SERVER_VERSION = '1.0.0';

export const MCP_SERVER_TITLE = 'Developer tool reviews';

/** At most 100 characters (server card rule). */
export const MCP_SERVER_DESCRIPTION =
  'Search dated editorial reviews of developer tools and read them, with URLs and dates to cite.';

/** Sent in the `initialize` result: the one paragraph an agent reads before choosing a tool. */
export const MCP_SERVER_INSTRUCTIONS =
  'Read-only archive of dated editorial reviews of developer tools. Call search_tools first (keywords and/or an exact category; omit q to browse), then get_tool with an id from its results. Page with cursor = the previous nextCursor until it is null. When you use a review, cite its url and reviewedOn date and pass on the historicalNotice: reviews are historical and do not establish current capabilities.';

/** Protocol revisions this server negotiates (the SDK's own list, so the card cannot drift). */
export const MCP_PROTOCOL_VERSIONS: readonly string[] = [...SUPPORTED_PROTOCOL_VERSIONS];
