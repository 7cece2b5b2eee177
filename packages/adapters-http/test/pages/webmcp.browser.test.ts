/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Callbacks passed to page.evaluate run in the browser, so these tests see the DOM types.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { webMcpToolDefinitions } from '../../src/index.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, describeWithChromium } from '../support/chromium.js';
import { sampleTools, startSite, type RunningSite } from './site-harness.js';

interface ListedTool {
  name: string;
  title?: string;
  inputSchema: unknown;
  annotations?: { readOnlyHint?: boolean };
}

describeWithChromium()('WebMCP on the pages', () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite(await sampleTools());
  });
  afterAll(() => site.close());

  /** Chromium's own hooks (docs/api.md#website): `getTools()` and `executeTool()`. */
  async function listTools(page: Page): Promise<ListedTool[]> {
    return page.evaluate(async () => {
      const context = (document as unknown as { modelContext: { getTools(): Promise<unknown[]> } })
        .modelContext;
      for (let attempt = 0; attempt < 50; attempt++) {
        const tools = (await context.getTools()) as ListedTool[];
        if (tools.length >= 2) return tools.map(plain);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return ((await context.getTools()) as ListedTool[]).map(plain);
      // Entries also carry live objects (their origin): keep the data members only.
      function plain({ name, title, inputSchema, annotations }: ListedTool): ListedTool {
        return { name, title, inputSchema, annotations: { ...annotations } };
      }
    });
  }

  async function execute(page: Page, name: string, input: object): Promise<unknown> {
    const result = await page.evaluate(
      async ({ name, input }) => {
        const context = (
          document as unknown as {
            modelContext: {
              getTools(): Promise<Array<{ name: string }>>;
              executeTool(tool: unknown, input: object): Promise<string>;
            };
          }
        ).modelContext;
        const tool = (await context.getTools()).find((candidate) => candidate.name === name);
        return context.executeTool(tool, input);
      },
      { name, input },
    );
    return typeof result === 'string' ? JSON.parse(result) : result;
  }

  describe('with the WebMCP feature on', () => {
    let browser: Browser;
    let page: Page;
    const errors: string[] = [];
    beforeAll(async () => {
      browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        args: [...CHROMIUM_ARGS, '--enable-blink-features=WebMCP'],
      });
      page = await browser.newPage();
      page.on('console', (message: ConsoleMessage) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
    }, 30_000);
    afterAll(() => browser.close());

    it('registers search_tools and get_tool, read-only, with the schemas generated from zod', async () => {
      await page.goto(`${site.url}/tools/quillsort`);
      const tools = await listTools(page);
      expect(tools.map((tool) => tool.name).sort()).toEqual(['get_tool', 'search_tools']);
      for (const definition of webMcpToolDefinitions()) {
        const listed = tools.find((tool) => tool.name === definition.name)!;
        const schema =
          typeof listed.inputSchema === 'string'
            ? JSON.parse(listed.inputSchema)
            : listed.inputSchema;
        expect(schema).toEqual(definition.inputSchema);
        expect(listed.annotations?.readOnlyHint).toBe(true);
      }
      expect(JSON.stringify(tools)).not.toMatch(/subscribe/i);
    });

    it('answers search_tools with exactly the REST body of the same request', async () => {
      await page.goto(`${site.url}/`);
      await listTools(page);
      const viaWebMcp = await execute(page, 'search_tools', { q: 'postgres', limit: 3 });
      const viaRest = await (await fetch(`${site.url}/api/v1/tools?q=postgres&limit=3`)).json();
      expect(viaWebMcp).toEqual(viaRest);
      const browse = await execute(page, 'search_tools', { category: 'Databases', cursor: '2' });
      expect(browse).toEqual(
        await (await fetch(`${site.url}/api/v1/tools?category=Databases&cursor=2`)).json(),
      );
    });

    it('passes facets and highlight on to the REST API as it reads them', async () => {
      await page.goto(`${site.url}/`);
      await listTools(page);
      const viaWebMcp = (await execute(page, 'search_tools', {
        q: 'postg',
        facets: ['category'],
        highlight: true,
      })) as { facets?: unknown; items: Array<{ excerptHighlights?: unknown }> };
      const viaRest = await (
        await fetch(`${site.url}/api/v1/tools?q=postg&facets=category&highlight=true`)
      ).json();
      expect(viaWebMcp).toEqual(viaRest);
      expect(viaWebMcp.facets).toBeDefined();
      expect(viaWebMcp.items[0]?.excerptHighlights).toBeDefined();
    });

    it('answers get_tool with exactly the REST body of the same request', async () => {
      await page.goto(`${site.url}/search?q=fast`);
      await listTools(page);
      const viaWebMcp = await execute(page, 'get_tool', { id: 'longlog', limit: 5, cursor: '5' });
      const viaRest = await (
        await fetch(`${site.url}/api/v1/tools/longlog?limit=5&cursor=5`)
      ).json();
      expect(viaWebMcp).toEqual(viaRest);
      expect(errors).toEqual([]);
    });
  });

  describe('without WebMCP', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    }, 30_000);
    afterAll(() => browser.close());

    /**
     * Chromium without the feature reports the `tools` directive of the Permissions-Policy header
     * (which the WebMCP draft asks for) as not enabled. That diagnostic is the browser's, about
     * a header, not an error of the page: it is the only console error allowed.
     */
    const HEADER_DIAGNOSTIC = /^Error with Permissions-Policy header: .*'tools'/;

    it('leaves the pages working and logs no error', async () => {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning')
          problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      for (const path of [
        '/',
        '/search?q=postgres',
        '/tools/quillsort/reviews/qs-2024-12-r1',
        '/tools/quillsort',
      ]) {
        await page.goto(`${site.url}${path}`);
        await page.waitForLoadState('load');
      }
      expect(
        await page.evaluate(() => 'modelContext' in document || 'modelContext' in navigator),
      ).toBe(false);
      expect(await page.evaluate(() => document.scripts.length)).toBe(1);
      expect(problems.filter((text) => !HEADER_DIAGNOSTIC.test(text))).toEqual([]);
      await page.close();
    });

    it('falls back to navigator.modelContext where only that exists', async () => {
      const page = await browser.newPage();
      await page.addInitScript(() => {
        const registered: string[] = [];
        Object.defineProperty(window, '__registered', { value: registered });
        Object.defineProperty(navigator, 'modelContext', {
          value: {
            registerTool: (tool: { name: string }) => {
              registered.push(tool.name);
              return Promise.reject(new Error('refused by this browser'));
            },
          },
        });
      });
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      await page.goto(`${site.url}/`);
      await page.waitForLoadState('load');
      const registered = await page.evaluate(
        () => (window as unknown as { __registered: string[] }).__registered,
      );
      expect(registered).toEqual(['search_tools', 'get_tool']);
      expect(problems.filter((text) => !HEADER_DIAGNOSTIC.test(text))).toEqual([]);
      await page.close();
    });
  });
});
