import type { EmbeddedResource } from '@modelcontextprotocol/server';
import { MARKDOWN, toolResourceUri } from '../resources/tool-resources.js';

/** A tool's Markdown twin embedded in a prompt, under its resource URI (docs/mcp.md#resources). */
export function toolResourceContent(toolId: string, markdown: string): EmbeddedResource {
  return {
    type: 'resource',
    resource: { uri: toolResourceUri(toolId), mimeType: MARKDOWN, text: markdown },
  };
}
