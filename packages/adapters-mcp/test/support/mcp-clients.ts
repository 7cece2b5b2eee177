import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** What the tests read of a `tools/list` entry, the same for both client generations. */
export interface ListedTool {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema: Record<string, unknown>;
  readonly outputSchema?: Record<string, unknown>;
  readonly annotations?: Record<string, unknown>;
}

/** What the tests read of a `tools/call` result. */
export interface ToolCallResult {
  readonly content?: ReadonlyArray<{ readonly type: string; readonly text?: string }>;
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;
}

/** One connected MCP client, whichever SDK generation it comes from. */
export interface ConnectedClient {
  listTools(): Promise<readonly ListedTool[]>;
  callTool(name: string, args: Record<string, unknown>): Promise<ToolCallResult>;
  serverInfo(): { readonly name: string; readonly version: string } | undefined;
  instructions(): string | undefined;
  protocolVersion(): string | undefined;
  close(): Promise<void>;
}

export interface ClientGeneration {
  readonly label: string;
  /** The protocol revision this client must end up speaking. */
  readonly protocolVersion: string;
  connect(mcpUrl: string): Promise<ConnectedClient>;
}

/** What both SDK generations' clients have in common, as the tests use it. */
interface SdkClient {
  listTools(): Promise<{ tools: readonly ListedTool[] }>;
  callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  getServerVersion(): { readonly name: string; readonly version: string } | undefined;
  getInstructions(): string | undefined;
  close(): Promise<void>;
}

function connected(client: SdkClient, protocolVersion: () => string | undefined): ConnectedClient {
  return {
    listTools: async () => (await client.listTools()).tools,
    callTool: async (name, args) =>
      client.callTool({ name, arguments: args }) as Promise<ToolCallResult>,
    serverInfo: () => client.getServerVersion(),
    instructions: () => client.getInstructions(),
    protocolVersion,
    close: () => client.close(),
  };
}

/** `@modelcontextprotocol/sdk` 1.x: protocol 2025-11-25, initialize handshake. */
export const v1Client: ClientGeneration = {
  label: 'v1 SDK Client over StreamableHTTPClientTransport (2025-11-25, initialize)',
  protocolVersion: '2025-11-25',
  async connect(mcpUrl) {
    const client = new ClientV1({ name: 'adapters-mcp-test', version: '1.0.0' });
    const transport = new TransportV1(new URL(mcpUrl));
    await client.connect(transport);
    return connected(client, () => transport.protocolVersion);
  },
};

/**
 * `@modelcontextprotocol/client` 2.x pinned to protocol 2026-07-28: no handshake, `_meta` on
 * every request, and no fallback — a server that did not serve 2026-07-28 would fail it.
 */
export const v2Client: ClientGeneration = {
  label: 'v2 client (@modelcontextprotocol/client pinned to 2026-07-28, no fallback)',
  protocolVersion: '2026-07-28',
  async connect(mcpUrl) {
    const client = new ClientV2(
      { name: 'adapters-mcp-test', version: '2.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(new TransportV2(new URL(mcpUrl)));
    return connected(client, () => client.getNegotiatedProtocolVersion());
  },
};

export const clientGenerations: readonly ClientGeneration[] = [v1Client, v2Client];

/** The text of the single text content item of a result. */
export function textOf(result: ToolCallResult): string {
  const texts = (result.content ?? []).filter((item) => item.type === 'text');
  if (texts.length !== 1 || texts[0]?.text === undefined) {
    throw new Error(
      `expected exactly one text content item, got ${JSON.stringify(result.content)}`,
    );
  }
  return texts[0].text;
}
