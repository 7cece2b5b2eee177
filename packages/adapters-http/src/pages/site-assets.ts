import type { Request, Response } from 'express';
import { readFileSync } from 'node:fs';
import { sendCacheable } from '../shared/cacheable-response.js';
import { ICON_PATH, STYLESHEET_PATH } from '../html/page-layout.js';
import { webMcpToolDefinitions } from './webmcp-tools.js';

export const WEBMCP_SCRIPT_PATH = '/assets/webmcp.js';

/** Static files are revalidated like the pages (ETag, five minutes). */
const ASSET_CACHE_CONTROL = 'public, max-age=300';

interface Asset {
  readonly path: string;
  readonly contentType: string;
  readonly body: string;
}

const assetFile = (name: string): string =>
  readFileSync(new URL(`../../assets/${name}`, import.meta.url), 'utf8');

/**
 * The site's static files, read once at start: the stylesheet, the icon, and the WebMCP script with the
 * tool definitions (generated from the shared zod schemas) written into it — no browser build.
 */
export function loadSiteAssets(): readonly Asset[] {
  const tools = JSON.stringify(webMcpToolDefinitions());
  return [
    { path: STYLESHEET_PATH, contentType: 'text/css; charset=utf-8', body: assetFile('site.css') },
    { path: ICON_PATH, contentType: 'image/svg+xml', body: assetFile('icon.svg') },
    {
      path: WEBMCP_SCRIPT_PATH,
      contentType: 'text/javascript; charset=utf-8',
      body: assetFile('webmcp.js').replace('__WEBMCP_TOOLS__', () => tools),
    },
  ];
}

/** Sends one asset with its ETag (304 when current); `nosniff` comes with the frame. */
export function sendAsset(req: Request, res: Response, asset: Asset): Promise<void> {
  return sendCacheable(req, res, asset.body, {
    contentType: asset.contentType,
    cacheControl: ASSET_CACHE_CONTROL,
  });
}
