import { PUBLISHED_AT } from './catalog-calendar.js';
import { generateTools, type GeneratorOptions } from './catalog-generator.js';

/** Where the JSON text goes; `write` resolves when the sink can take more. */
export interface CatalogSink {
  write(chunk: string): Promise<void>;
}

/** What was written. */
export interface CatalogSummary {
  readonly tools: number;
  readonly reviews: number;
}

const CHUNK_CHARACTERS = 1 << 16;

/**
 * Writes a synthetic catalog in the format of contract §2, one tool per line, tool by tool:
 * memory stays flat whatever the size (100,000 tools and a million reviews are about 1 GB of
 * JSON). Lines are gathered into chunks of about 64 KiB to keep the number of writes down.
 */
export async function writeCatalog(
  options: GeneratorOptions,
  sink: CatalogSink,
): Promise<CatalogSummary> {
  let pending = `{"schemaVersion":1,"publishedAt":"${PUBLISHED_AT}","tools":[`;
  let tools = 0;
  let reviews = 0;
  for (const tool of generateTools(options)) {
    pending += `${tools === 0 ? '' : ','}\n${JSON.stringify(tool)}`;
    tools++;
    reviews += tool.reviews.length;
    if (pending.length >= CHUNK_CHARACTERS) {
      await sink.write(pending);
      pending = '';
    }
  }
  await sink.write(`${pending}\n]}\n`);
  return { tools, reviews };
}
