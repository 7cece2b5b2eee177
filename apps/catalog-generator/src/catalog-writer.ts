import { pipeline } from 'node:stream/promises';
import { PUBLISHED_AT } from './catalog-calendar.js';
import { generateTools, type GeneratorOptions } from './catalog-generator.js';

/** What was written. */
interface CatalogSummary {
  readonly tools: number;
  readonly reviews: number;
}

const CHUNK_CHARACTERS = 1 << 16;

/**
 * Writes a synthetic catalog in the catalog format (docs/cli.md#catalog-format), one tool per line,
 * tool by tool: memory stays flat whatever the size (100,000 tools and a million reviews are about
 * 1 GB of JSON). `pipeline` carries the back-pressure: a slow disk or pipe holds the generator
 * back, and a failing destination rejects. Lines are gathered into chunks of about 64 KiB to keep
 * the number of writes down. `end: false` leaves the destination open (standard output).
 */
export async function writeCatalog(
  options: GeneratorOptions,
  destination: NodeJS.WritableStream,
  { end = true }: { readonly end?: boolean } = {},
): Promise<CatalogSummary> {
  const summary = { tools: 0, reviews: 0 };
  await pipeline(catalogChunks(options, summary), destination, { end });
  return summary;
}

function* catalogChunks(
  options: GeneratorOptions,
  summary: { tools: number; reviews: number },
): Generator<string> {
  let pending = `{"schemaVersion":1,"publishedAt":"${PUBLISHED_AT}","tools":[`;
  for (const tool of generateTools(options)) {
    pending += `${summary.tools === 0 ? '' : ','}\n${JSON.stringify(tool)}`;
    summary.tools++;
    summary.reviews += tool.reviews.length;
    if (pending.length >= CHUNK_CHARACTERS) {
      yield pending;
      pending = '';
    }
  }
  yield `${pending}\n]}\n`;
}
