import { strongETag } from '@reviews/http-common';
import type { Request } from 'express';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { negotiatedEncoding } from '../shared/compression.js';
import type { ReadValidator } from '../tools/read-validator.js';
import { loadSiteAssets } from './site-assets.js';

/** What renders a page: the HTTP adapter's code as it runs (`dist/`, or `src/` under the tests)… */
const ADAPTER_CODE = new URL('../', import.meta.url);
/** …and the site's files (stylesheet, icon, script template). */
const SITE_FILES = new URL('../../assets/', import.meta.url);

/** Every file under `dir`, in a fixed order, hashed into `hash`. */
function hashTree(hash: ReturnType<typeof createHash>, dir: URL): void {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  for (const entry of entries) {
    const url = new URL(entry.isDirectory() ? `${entry.name}/` : entry.name, dir);
    hash.update(`${entry.name}\0`);
    if (entry.isDirectory()) hashTree(hash, url);
    else if (entry.isFile()) hash.update(readFileSync(url));
  }
}

/**
 * The ETag of a page that follows from what the page is made of, known before any work: the live
 * publication and the configured profile (`ReadValidator.contentVersion`), the canonical request,
 * the site's name and this build (the adapter's code and the site's files, hashed once at start),
 * and the coding. So a page's 304 is decided before its quota is charged and before any search
 * runs (docs/api.md#caching-and-etags), and any change that could change its bytes changes it.
 */
export class PageValidator {
  private readonly build: string;

  constructor(
    private readonly read: Pick<ReadValidator, 'contentVersion' | 'toolExists'>,
    siteName: string,
  ) {
    const hash = createHash('sha256').update(`${siteName}\0`);
    for (const asset of loadSiteAssets()) hash.update(`${asset.hashedPath}\0`);
    hashTree(hash, ADAPTER_CODE);
    hashTree(hash, SITE_FILES);
    this.build = hash.digest('base64url');
  }

  /** Undefined until a catalog is published (then the page's own bytes name it). */
  etag(req: Request, canonical: readonly unknown[]): string | undefined {
    const version = this.read.contentVersion();
    if (version === undefined) return undefined;
    return strongETag(JSON.stringify([version, this.build, ...canonical]), negotiatedEncoding(req));
  }

  /** Whether the tool `id` exists (for `If-None-Match: *` on its pages). */
  toolExists(id: string): boolean {
    return this.read.toolExists(id);
  }
}
