import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sendCacheable } from '../shared/cacheable-response.js';
import { webMcpToolDefinitions } from './webmcp-tools.js';

/** The site's stylesheet, icon (so browsers do not ask for `/favicon.ico`) and WebMCP script. */
export const STYLESHEET_PATH = '/assets/site.css';
export const ICON_PATH = '/assets/icon.svg';
export const WEBMCP_SCRIPT_PATH = '/assets/webmcp.js';

/** Under its plain name a file is revalidated like the pages (ETag, five minutes)… */
const PLAIN_CACHE_CONTROL = 'public, max-age=300';
/** …and under its content-hashed name, which changes with its bytes, it is kept for good. */
const HASHED_CACHE_CONTROL = 'public, max-age=31536000, immutable';

interface Asset {
  /** The plain name, e.g. `/assets/site.css` (for links made before a change). */
  readonly path: string;
  /** The name with the content's hash, e.g. `/assets/site.3f2a9c1b0d.css`: what pages link. */
  readonly hashedPath: string;
  readonly contentType: string;
  readonly body: string;
}

const assetFile = (name: string): string =>
  readFileSync(new URL(`../../assets/${name}`, import.meta.url), 'utf8');

function asset(path: string, contentType: string, body: string): Asset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
  const dot = path.lastIndexOf('.');
  return { path, hashedPath: `${path.slice(0, dot)}.${hash}${path.slice(dot)}`, contentType, body };
}

let loaded: readonly Asset[] | undefined;

/**
 * The site's static files, read once: the stylesheet, the icon, and the WebMCP script with the
 * tool definitions (generated from the shared zod schemas) written into it — no browser build.
 */
export function loadSiteAssets(): readonly Asset[] {
  loaded ??= [
    asset(STYLESHEET_PATH, 'text/css; charset=utf-8', assetFile('site.css')),
    asset(ICON_PATH, 'image/svg+xml', assetFile('icon.svg')),
    asset(
      WEBMCP_SCRIPT_PATH,
      'text/javascript; charset=utf-8',
      assetFile('webmcp.js').replace('__WEBMCP_TOOLS__', () =>
        JSON.stringify(webMcpToolDefinitions()),
      ),
    ),
  ];
  return loaded;
}

/**
 * The address a page links for one of the site's files: its content-hashed name, so that a
 * browser keeps it for a year and a changed file has a new name (docs/api.md#website).
 */
export function assetHref(path: string): string {
  return loadSiteAssets().find((a) => a.path === path)?.hashedPath ?? path;
}

/** Sends one asset with its ETag (304 when current); `nosniff` comes with the frame. */
export function sendAsset(
  req: Request,
  res: Response,
  asset: Asset,
  name: 'plain' | 'hashed',
): Promise<void> {
  return sendCacheable(req, res, asset.body, {
    contentType: asset.contentType,
    cacheControl: name === 'hashed' ? HASHED_CACHE_CONTROL : PLAIN_CACHE_CONTROL,
  });
}
