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

/** A `resources/list` or `resources/templates/list` page as the tests read it. */
interface ListedPage<Key extends string> {
  readonly nextCursor?: string;
  readonly items: ReadonlyArray<Record<string, unknown> & { readonly [K in Key]: string }>;
}

/** A `resources/read` result as the tests read it. */
export interface ReadResult {
  readonly contents: ReadonlyArray<{
    readonly uri: string;
    readonly mimeType?: string;
    readonly text?: string;
    readonly _meta?: Record<string, unknown>;
  }>;
}

/** A `prompts/get` result as the tests read it. */
export interface PromptResult {
  readonly description?: string;
  readonly messages: ReadonlyArray<{
    readonly role: string;
    readonly content: {
      readonly type: string;
      readonly text?: string;
      readonly resource?: {
        readonly uri: string;
        readonly mimeType?: string;
        readonly text?: string;
      };
    };
  }>;
}

/** The parameters of a `completion/complete` request. */
export interface CompleteParams {
  readonly ref:
    | { readonly type: 'ref/prompt'; readonly name: string }
    | { readonly type: 'ref/resource'; readonly uri: string };
  readonly argument: { readonly name: string; readonly value: string };
  readonly context?: { readonly arguments?: Record<string, string> };
}

/** One connected MCP client, whichever SDK generation it comes from. */
export interface ConnectedClient {
  listTools(): Promise<readonly ListedTool[]>;
  callTool(name: string, args: Record<string, unknown>): Promise<ToolCallResult>;
  /** One page of `resources/list` (the first without a cursor). */
  listResourcesPage(cursor?: string): Promise<ListedPage<'uri'>>;
  listResourceTemplates(): Promise<ListedPage<'uriTemplate'>['items']>;
  readResource(uri: string): Promise<ReadResult>;
  listPrompts(): Promise<ReadonlyArray<Record<string, unknown> & { readonly name: string }>>;
  getPrompt(name: string, args: Record<string, string>): Promise<PromptResult>;
  complete(
    params: CompleteParams,
  ): Promise<{ readonly values: readonly string[]; readonly hasMore?: boolean }>;
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
  listResourceTemplates(): Promise<{ resourceTemplates: ListedPage<'uriTemplate'>['items'] }>;
  readResource(params: { uri: string }): Promise<unknown>;
  listPrompts(): Promise<{ prompts: ReadonlyArray<Record<string, unknown> & { name: string }> }>;
  getPrompt(params: { name: string; arguments: Record<string, string> }): Promise<unknown>;
  complete(
    params: CompleteParams,
  ): Promise<{ completion: { values: string[]; hasMore?: boolean } }>;
  getServerVersion(): { readonly name: string; readonly version: string } | undefined;
  getInstructions(): string | undefined;
  close(): Promise<void>;
}

function connected(
  client: SdkClient,
  protocolVersion: () => string | undefined,
  listResources: (params: { cursor: string } | undefined) => Promise<{
    resources: ListedPage<'uri'>['items'];
    nextCursor?: string;
  }>,
): ConnectedClient {
  return {
    listTools: async () => (await client.listTools()).tools,
    callTool: async (name, args) =>
      client.callTool({ name, arguments: args }) as Promise<ToolCallResult>,
    listResourcesPage: async (cursor) => {
      const page = await listResources(cursor === undefined ? undefined : { cursor });
      return {
        items: page.resources,
        ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }),
      };
    },
    listResourceTemplates: async () => (await client.listResourceTemplates()).resourceTemplates,
    readResource: async (uri) => (await client.readResource({ uri })) as ReadResult,
    listPrompts: async () => (await client.listPrompts()).prompts,
    getPrompt: async (name, args) =>
      (await client.getPrompt({ name, arguments: args })) as PromptResult,
    complete: async (params) => (await client.complete(params)).completion,
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
    return connected(
      client,
      () => transport.protocolVersion,
      (params) => client.listResources(params),
    );
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
    // Without a cursor the v2 client walks every page itself; the first page alone is asked
    // for with the cursor the server starts at, so that both generations see one page.
    return connected(
      client,
      () => client.getNegotiatedProtocolVersion(),
      (params) => client.listResources(params ?? { cursor: '0' }),
    );
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
