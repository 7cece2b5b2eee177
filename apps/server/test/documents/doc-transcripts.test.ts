import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@reviews/service-common';
import { createLogger } from '../../src/logging/logger.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { REPO_ROOT } from '../support/server-process.js';

/**
 * The transcripts of the docs that say they are shown in full (docs/mcp.md#conformance: the real
 * transcript against the sample catalog) are the service's real output: each `curl … /mcp`
 * block that prints a tool result's text is sent as written, with its headers and body, to the service on the sample catalog
 * whose base address is the transcript's `http://localhost:3000`, and the `markdown` block after
 * it must be the text content exactly. A call without its own block (the same call in the other
 * protocol generation) must give the text shown for the same tool and arguments.
 */
const DOC = 'docs/mcp.md';
const TRANSCRIPT_BASE = 'http://localhost:3000';

interface Transcript {
  readonly headers: Record<string, string>;
  readonly body: string;
  /** The text shown in full after the command, if any. */
  readonly shown: string | undefined;
}

function transcripts(markdown: string): Transcript[] {
  const blocks = [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({
    language: m[1]!,
    text: m[2]!,
  }));
  return blocks.flatMap((block, i) => {
    if (
      block.language !== 'sh' ||
      !block.text.includes(`curl -s ${TRANSCRIPT_BASE}/mcp`) ||
      !block.text.includes(`jq -r '.result.content[0].text'`)
    ) {
      return [];
    }
    const headers = Object.fromEntries(
      [...block.text.matchAll(/-H '([^:']+): ([^']*)'/g)].map((m) => [m[1]!, m[2]!]),
    );
    const body = /-d '([^']*)'/.exec(block.text)?.[1];
    if (body === undefined) throw new Error(`a curl block of ${DOC} has no -d body`);
    const next = blocks[i + 1];
    return [{ headers, body, shown: next?.language === 'markdown' ? next.text : undefined }];
  });
}

let server: RunningServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'reviews-transcripts-'));
  const config = loadConfig({
    PORT: '0',
    METRICS_PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: TRANSCRIPT_BASE,
    DATA_DIR: dataDir,
  });
  server = await startServer(config, createLogger('silent'));
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The tool and arguments of a call, whatever the protocol generation that carries them. */
function callOf(transcript: Transcript): string {
  const { params } = JSON.parse(transcript.body) as {
    params: { name: string; arguments: Record<string, unknown> };
  };
  return JSON.stringify([params.name, params.arguments]);
}

/** `.result.content[0].text` of the answer, as the transcript's `jq -r` prints it. */
async function textOf(transcript: Transcript): Promise<string> {
  const res = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: transcript.headers,
    body: transcript.body,
  });
  expect(res.status).toBe(200);
  const raw = await res.text();
  const json = (res.headers.get('content-type') ?? '').startsWith('text/event-stream')
    ? raw
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice('data: '.length))
        .join('')
    : raw;
  const answer = JSON.parse(json) as { result: { content: Array<{ text: string }> } };
  return `${answer.result.content[0]!.text}\n`;
}

describe(`the transcripts of ${DOC}`, () => {
  const all = transcripts(readFileSync(path.join(REPO_ROOT, DOC), 'utf8'));

  it('are found: every tool call of the page, most with the text they print', () => {
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.filter((t) => t.shown !== undefined).length).toBeGreaterThanOrEqual(2);
  });

  it('show in full exactly the text the service prints', async () => {
    const shownFor = new Map<string, string>();
    for (const transcript of all) {
      const printed = await textOf(transcript);
      const call = callOf(transcript);
      const shown = transcript.shown ?? shownFor.get(call);
      expect(shown).toBeDefined();
      expect(printed).toBe(shown);
      shownFor.set(call, printed);
    }
  });
});
