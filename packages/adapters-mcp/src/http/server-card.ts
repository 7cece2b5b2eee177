import {
  MCP_PROTOCOL_VERSIONS,
  MCP_SERVER_DESCRIPTION,
  MCP_SERVER_NAME,
  MCP_SERVER_TITLE,
  MCP_SERVER_VERSION,
} from '../server/server-identity.js';

export const SERVER_CARD_SCHEMA_URL =
  'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';
/** The endpoint itself, relative to the base URL. */
export const MCP_PATH = '/mcp';
/** Where the card is served: its own address, and the one scanners still probe. */
export const SERVER_CARD_PATHS = ['/mcp/server-card', '/.well-known/mcp/server-card.json'] as const;

/** The MCP server card (docs/mcp.md#server-card; SEP-2127 line). Tools are not listed in it. */
export interface ServerCard {
  readonly $schema: string;
  readonly name: string;
  readonly version: string;
  readonly title: string;
  readonly description: string;
  readonly websiteUrl: string;
  readonly remotes: ReadonlyArray<{
    readonly type: 'streamable-http';
    readonly url: string;
    readonly supportedProtocolVersions: readonly string[];
  }>;
}

/**
 * The card for a service at `baseUrl` (`PUBLIC_BASE_URL`, no trailing slash), built from the
 * same constants as the server's `serverInfo`.
 */
export function serverCard(baseUrl: string): ServerCard {
  return {
    $schema: SERVER_CARD_SCHEMA_URL,
    name: MCP_SERVER_NAME,
    version: MCP_SERVER_VERSION,
    title: MCP_SERVER_TITLE,
    description: MCP_SERVER_DESCRIPTION,
    websiteUrl: baseUrl,
    remotes: [
      {
        type: 'streamable-http',
        url: `${baseUrl}${MCP_PATH}`,
        supportedProtocolVersions: MCP_PROTOCOL_VERSIONS,
      },
    ],
  };
}
