import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FileCatalogSource } from '@reviews/adapters-persistence';
import type { CatalogDocument } from '@reviews/domain';
import { type GeneratorOptions } from '../src/catalog-generator.js';
import { writeCatalog } from '../src/catalog-writer.js';

let dir: string;
let files = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'catalog-generator-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const generate = async (options: GeneratorOptions) => {
  const chunks: string[] = [];
  const collector = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const summary = await writeCatalog(options, collector);
  return { text: chunks.join(''), summary };
};

/** Loads generated text the way the server would: through the file source and its validation. */
const imported = async (text: string): Promise<CatalogDocument> => {
  const path = join(dir, `generated-${++files}.json`);
  await writeFile(path, text);
  return (await new FileCatalogSource(path).load()).document;
};
const words = (text: string) => text.split(/\s+/).filter((word) => word !== '').length;

describe('writeCatalog', () => {
  it('writes the same bytes for the same arguments', async () => {
    const options = { tools: 40, seed: 9, reviewsPerTool: 4 };

    expect((await generate(options)).text).toBe((await generate(options)).text);
  });

  it('writes the pinned bytes for a small seed, on every Node version', async () => {
    const { text, summary } = await generate({ tools: 20, seed: 42, reviewsPerTool: 3 });

    expect(summary).toEqual({ tools: 20, reviews: 60 });
    expect(createHash('sha256').update(text).digest('hex')).toBe(
      '9aaf6e012e0f0eacec61835942a832b24c0f2ce41dc6370f48afe2ad93e2d86c',
    );
  });

  it('writes another catalog for another seed', async () => {
    const first = await generate({ tools: 40, seed: 1, reviewsPerTool: 4 });
    const second = await generate({ tools: 40, seed: 2, reviewsPerTool: 4 });

    expect(second.text).not.toBe(first.text);
  });

  it('writes a catalog that passes import validation, with the asked counts', async () => {
    const { text, summary } = await generate({ tools: 300, seed: 5, reviewsPerTool: 3.5 });

    const document = await imported(text);

    expect(document.tools).toHaveLength(300);
    expect(document.tools.flatMap((tool) => tool.reviews)).toHaveLength(1050);
    expect(summary).toEqual({ tools: 300, reviews: 1050 });
  });

  it('writes one tool per line', async () => {
    const { text } = await generate({ tools: 5, seed: 3, reviewsPerTool: 1 });

    expect(text.split('\n')).toHaveLength(8);
  });

  it('writes an empty catalog for no tools, and tools without reviews for an average of 0', async () => {
    const empty = await imported((await generate({ tools: 0, seed: 1, reviewsPerTool: 5 })).text);
    expect(empty.tools).toEqual([]);
    const reviewless = await imported(
      (await generate({ tools: 20, seed: 1, reviewsPerTool: 0 })).text,
    );
    expect(reviewless.tools.every((tool) => tool.reviews.length === 0)).toBe(true);
  });

  it('gives texts, categories, review counts and stacks realistic shapes', async () => {
    const { text } = await generate({ tools: 2000, seed: 11, reviewsPerTool: 10 });
    const { tools } = await imported(text);
    const reviews = tools.flatMap((tool) => tool.reviews);
    const counts = tools.map((tool) => tool.reviews.length).sort((a, b) => a - b);
    const days = reviews.map((review) => Date.parse(review.reviewedOn)).sort((a, b) => a - b);

    for (const tool of tools) {
      expect(words(tool.name)).toBeGreaterThanOrEqual(1);
      expect(words(tool.name)).toBeLessThanOrEqual(3);
      expect(words(tool.description)).toBeGreaterThanOrEqual(15);
      expect(words(tool.description)).toBeLessThanOrEqual(60);
    }
    for (const review of reviews.slice(0, 2000)) {
      for (const prose of [review.likes, review.dislikes]) {
        expect(words(prose)).toBeGreaterThanOrEqual(20);
        expect(words(prose)).toBeLessThanOrEqual(120);
      }
    }
    expect(new Set(tools.map((tool) => tool.category)).size).toBeGreaterThanOrEqual(20);
    expect(counts.filter((count) => count === 0).length / tools.length).toBeGreaterThan(0.05);
    expect(counts.at(-1)).toBeGreaterThan(10 * (counts[Math.floor(counts.length / 2)] ?? 0));
    const withStacks = tools.filter((tool) => tool.stacks !== null).length / tools.length;
    expect(withStacks).toBeGreaterThan(0.25);
    expect(withStacks).toBeLessThan(0.35);
    expect(((days.at(-1) ?? 0) - (days[0] ?? 0)) / 86_400_000).toBeGreaterThan(2.9 * 365);
    expect(text).toMatch(/C\+\+/);
    expect(text).toMatch(/\.NET/);
    expect(text).toMatch(/node\.js/i);
  });
});

describe('writeCatalog to a file stream', () => {
  it('streams a catalog into a file that FileCatalogSource loads', async () => {
    const path = join(dir, 'streamed.json');
    await writeCatalog({ tools: 500, seed: 21, reviewsPerTool: 6 }, createWriteStream(path));

    const { document } = await new FileCatalogSource(path).load();

    expect(document.tools).toHaveLength(500);
    expect(document.tools.reduce((sum, tool) => sum + tool.reviews.length, 0)).toBe(3000);
  });

  it('rejects when the stream fails', async () => {
    const stream = createWriteStream(join(tmpdir(), 'no-such-dir-for-catalog-generator', 'c.json'));

    await expect(
      writeCatalog({ tools: 2000, seed: 1, reviewsPerTool: 10 }, stream),
    ).rejects.toThrow(/ENOENT/);
  });
});
