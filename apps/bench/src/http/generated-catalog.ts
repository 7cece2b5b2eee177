import { writeCatalog } from '@reviews/catalog-generator';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Git-ignored (`.bench/` in .gitignore): generated catalogs are kept between runs. */
const CACHE_DIR = fileURLToPath(new URL('../../../../.bench/catalogs/', import.meta.url));

/**
 * The path of a generated catalog of `tools` tools (10 reviews a tool, seed `seed`), generating it
 * on first use, so a benchmark runs on a clean clone. Written under a temporary name and renamed,
 * so an interrupted run never leaves a truncated catalog behind.
 */
export async function generatedCatalog(tools: number, seed = 1): Promise<string> {
  const path = join(CACHE_DIR, `catalog-${tools}-tools-seed-${seed}.json`);
  if (existsSync(path)) return path;
  await mkdir(CACHE_DIR, { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  const started = Date.now();
  const summary = await writeCatalog(
    { tools, seed, reviewsPerTool: 10 },
    createWriteStream(partial),
  );
  await rename(partial, path);
  console.log(
    `generated ${summary.tools} tools, ${summary.reviews} reviews in ${((Date.now() - started) / 1000).toFixed(1)} s: ${path}`,
  );
  return path;
}
