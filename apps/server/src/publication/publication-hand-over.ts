import {
  CatalogInvalidError,
  isStreamingCatalogSource,
  SourcePublicationBuilder,
  type CatalogSource,
  type IndexSnapshotStore,
  type Logger,
  type StreamedCatalog,
  type StreamingCatalogSource,
} from '@reviews/application';
import {
  finishIndexedPostings,
  forEachSearchedText,
  orderStubOf,
  PostingsCollector,
  publishedTool,
  searchIndexBuffers,
  toolOrderParts,
  withPostings,
  type OrderedTool,
  type SearchIndexSnapshot,
  type SortedBatchStore,
  type Tool,
} from '@reviews/domain';
import type { MessagePort, TransferListItem } from 'node:worker_threads';
import { FileSortedBatchStore } from './file-sorted-batch-store.js';
import {
  MESSAGES_AHEAD,
  TAKEN,
  TERM_SLICE,
  TOOL_SLICE_UNITS,
  type PublicationMessage,
} from './publication-messages.js';

/** An index snapshot store that can also tell, without reading it, whether it has an index. */
type HeldIndexSnapshots = IndexSnapshotStore & { holds(fingerprint: string): boolean };

/**
 * The publication worker's side of the hand-over (see `PublicationMessage`): messages go out on
 * `port` no more than `MESSAGES_AHEAD` ahead of what the main thread has taken in (`progress`),
 * waiting otherwise, and tools go in slices of about `TOOL_SLICE_UNITS`.
 */
export class PublicationHandOver {
  private sent = 0;
  private slice: Tool[] = [];
  private sliceUnits = 0;

  constructor(
    private readonly port: Pick<MessagePort, 'postMessage'>,
    private readonly progress: Int32Array,
  ) {}

  /** Sends `message`, then waits while the main thread is too far behind. */
  send(message: PublicationMessage, transfer: readonly TransferListItem[] = []): void {
    this.port.postMessage(message, transfer);
    this.sent++;
    for (;;) {
      const taken = Atomics.load(this.progress, TAKEN);
      if (this.sent - taken <= MESSAGES_AHEAD) return;
      // A timeout, so that a worker terminated while waiting notices soon.
      Atomics.wait(this.progress, TAKEN, taken, 1_000);
    }
  }

  /** The next tool of the publication, in publication form (see `publishedTool`). */
  tool(tool: Tool): void {
    this.slice.push(tool);
    this.sliceUnits += weightOf(tool);
    if (this.sliceUnits >= TOOL_SLICE_UNITS) this.flushTools();
  }

  /** The tools sent so far are to be forgotten: they will be sent again. */
  again(): void {
    this.slice = [];
    this.sliceUnits = 0;
    this.send({ kind: 'again' });
  }

  /** Ends the hand-over of a publication whose every tool went through `tool`. */
  finish(id: string, publishedAt: string, toolCount: number, index: SearchIndexSnapshot): void {
    this.flushTools();
    const { terms, ...rest } = index;
    const head: PublicationMessage = {
      kind: 'head',
      id,
      publishedAt,
      toolCount,
      termCount: terms.length,
      index: rest,
    };
    this.send(head, searchIndexBuffers(index) as ArrayBuffer[]);
    for (let i = 0; i < terms.length; i += TERM_SLICE)
      this.send({ kind: 'terms', terms: terms.slice(i, i + TERM_SLICE) });
    this.send({ kind: 'end' });
  }

  private flushTools(): void {
    if (this.slice.length === 0) return;
    const tools = this.slice;
    this.slice = [];
    this.sliceUnits = 0;
    this.send({ kind: 'tools', tools });
  }
}

/** Rough size of a tool's text, to cut slices of similar weight. */
function weightOf(tool: Tool): number {
  let units = tool.name.length + tool.description.length + tool.website.length + 200;
  for (const review of tool.reviews) units += review.likes.length + review.dislikes.length + 200;
  return units;
}

export interface HandOverOptions {
  /** Told when no temporary file can be made for the sorted postings (then kept in memory). */
  readonly logger?: Pick<Logger, 'warn'>;
  /** Where that file is made (default: the system's temporary directory). */
  readonly temporaryDirectory?: string;
}

/**
 * Builds the publication of `source` and hands it over through `out`. A streaming source (the
 * catalog file) is read once, each valid tool indexed, stubbed for the orders (`orderStubOf`)
 * and sent as soon as it is read, then dropped: this thread never holds the catalog (and the
 * collector's sorted pairs wait in a temporary file, see `FileSortedBatchStore`), and the
 * main thread, which shares every unchanged tool with the live publication, holds little more
 * than the live publication (a reload at 100k tools: see docs/performance.md). Other sources
 * (MongoDB) are loaded whole and built as before (`SourcePublicationBuilder`), then sent.
 *
 * When the store holds an index of the content as it is before reading (`fingerprint()`, a hash
 * of the bytes, no parsing), that content was published before by this code: its tools are read
 * without looking for repeated ids and without indexing, and the saved index is used. Should
 * what was read turn out to be other content (changed meanwhile), or the saved index be
 * unusable, the tools sent are recalled (`again`) and the content read again, indexing, and
 * checked in full unless it is still the content vouched for.
 */
export async function handOverPublication(
  source: CatalogSource,
  indexSnapshots: HeldIndexSnapshots | undefined,
  out: PublicationHandOver,
  options: HandOverOptions = {},
): Promise<void> {
  if (!isStreamingCatalogSource(source)) {
    const publication = await new SourcePublicationBuilder(source, {
      awaitSave: true,
      ...(indexSnapshots === undefined ? {} : { indexSnapshots }),
    }).build();
    const snapshot = publication.snapshot();
    for (const tool of snapshot.tools) out.tool(tool);
    out.finish(snapshot.id, snapshot.publishedAt, snapshot.tools.length, snapshot.index);
    return;
  }
  const before = indexSnapshots === undefined ? undefined : await source.fingerprint();
  let vouchedFor = before !== undefined && indexSnapshots?.holds(before) ? before : undefined;
  let indexing = vouchedFor === undefined;
  // At most three readings: each one after the first has cleared `vouchedFor` or set `indexing`.
  for (;;) {
    let read: StreamedTools;
    const store = indexing ? sortedBatchStore(options) : undefined;
    try {
      const collector = indexing ? new PostingsCollector(store ? { store } : {}) : undefined;
      read = await streamTools(source, out, collector, vouchedFor);
    } catch (error) {
      // Read on trust, and not valid: other content, whose problems may lack repeated ids.
      if (vouchedFor === undefined || !(error instanceof CatalogInvalidError)) throw error;
      out.again();
      vouchedFor = undefined;
      indexing = true;
      continue;
    } finally {
      store?.clear();
    }
    if (vouchedFor !== undefined && read.fingerprint !== vouchedFor) {
      out.again();
      vouchedFor = undefined;
      indexing = true;
      continue;
    }
    const index = read.index ?? (await indexSnapshots?.load(read.fingerprint, read.toolCount));
    if (index === undefined) {
      // The saved index is unusable after all: the same content, read again and indexed.
      out.again();
      indexing = true;
      continue;
    }
    // Saved before its arrays are handed over, and so lost to this thread.
    if (read.index !== undefined) await indexSnapshots?.save(read.fingerprint, index);
    out.finish(read.fingerprint, read.header.publishedAt, read.toolCount, index);
    return;
  }
}

interface StreamedTools extends StreamedCatalog {
  /** The index of the tools, when they were indexed on the way. */
  readonly index: SearchIndexSnapshot | undefined;
}

/**
 * A temporary file for the collector's sorted pairs, so that they do not wait for `finish` next
 * to the final postings (see `FileSortedBatchStore`); undefined (in memory, a higher peak) when
 * no temporary file can be made, which `logger` hears of.
 */
function sortedBatchStore(options: HandOverOptions): SortedBatchStore | undefined {
  try {
    return new FileSortedBatchStore(options.temporaryDirectory);
  } catch (error) {
    options.logger?.warn(
      { err: error },
      'cannot make a temporary file for the sorted postings; sorting them in memory',
    );
    return undefined;
  }
}

/**
 * Streams `source`'s tools to `out`, indexing them on the way into `collector` when there is
 * one; `vouchedFor`: see `StreamingCatalogSource.stream`.
 */
async function streamTools(
  source: StreamingCatalogSource,
  out: PublicationHandOver,
  collector: PostingsCollector | undefined,
  vouchedFor: string | undefined,
): Promise<StreamedTools> {
  const stubs: OrderedTool[] = [];
  const add = (field: number, text: string): void => collector?.addText(field, text);
  const read = await source.stream((validated) => {
    const tool = publishedTool(validated);
    if (collector !== undefined) {
      collector.startTool();
      forEachSearchedText(tool, add);
      stubs.push(orderStubOf(tool));
    }
    out.tool(tool);
  }, vouchedFor);
  if (collector === undefined) return { ...read, index: undefined };
  // The orders first, so that the stubs are garbage before the postings are finished.
  const parts = toolOrderParts(stubs);
  stubs.length = 0;
  return { ...read, index: withPostings(parts, finishIndexedPostings(collector)) };
}
