import type { Collection, Db } from 'mongodb';
import {
  CatalogNotPublishedError,
  type CatalogPublisher,
  type CatalogSource,
  type LoadedCatalog,
  type PublishedPublication,
  type PublishOptions,
  type ToolObserver,
} from '@reviews/application';
import type { CatalogDocument } from '@reviews/domain';
import { CatalogValidator } from './catalog-validator.js';
import { fingerprintOf } from './publication-fingerprint.js';
import {
  COLLECTIONS,
  POINTER_ID,
  decodeStored,
  pointerSchema,
  publicationHeaderSchema,
  toolEntrySchema,
  type PublicationHeader,
  type ToolEntry,
} from './mongo-publication.codec.js';

interface MongoCatalogSourceOptions {
  /** How long a publication that stopped being live is kept before `prune` removes it (default 10 min). */
  readonly pruneGraceMs?: number;
  readonly now?: () => Date;
}

type PointerDoc = { _id: string; publicationId: string; switchedAt: Date };
type HeaderDoc = PublicationHeader;

const BATCH_TOOLS = 500;

/**
 * The catalog in MongoDB (docs/operations.md#mongodb-storage-many-instances). `publish` writes a
 * publication under its own id (the content fingerprint), marks it complete, and only then switches
 * the one pointer document: an instance reading the pointer sees the old publication or the new
 * one, whole. `load` reads the publication the pointer names and validates every tool with the
 * catalog schema. Publications that stopped being live more than `pruneGraceMs` ago (and unfinished
 * ones as old) are removed by `prune`, which `publish` runs after switching; an instance still
 * loading one within the grace period finishes undisturbed.
 *
 * Uses no transactions and no change streams, so it runs on a standalone MongoDB and on FerretDB.
 * What it cannot promise (docs/adapters.md#what-each-adapter-cannot-promise): a publisher that dies
 * mid-write leaves a `writing` publication until the next prune after the grace period.
 */
export class MongoCatalogSource implements CatalogSource, CatalogPublisher {
  private readonly pointer: Collection<PointerDoc>;
  private readonly headers: Collection<HeaderDoc>;
  private readonly tools: Collection<ToolEntry>;
  private readonly graceMs: number;
  private readonly now: () => Date;

  constructor(db: Db, options: MongoCatalogSourceOptions = {}) {
    this.pointer = db.collection<PointerDoc>(COLLECTIONS.pointer);
    this.headers = db.collection<HeaderDoc>(COLLECTIONS.publications);
    this.tools = db.collection<ToolEntry>(COLLECTIONS.tools);
    this.graceMs = options.pruneGraceMs ?? 10 * 60_000;
    this.now = options.now ?? (() => new Date());
  }

  /** Id of the live publication, or null when nothing is published. */
  async currentPublicationId(): Promise<string | null> {
    const raw = await this.pointer.findOne({ _id: POINTER_ID });
    return raw === null
      ? null
      : decodeStored(pointerSchema, COLLECTIONS.pointer, raw).publicationId;
  }

  /**
   * `observer` hears of the tools as they are validated, which here is once all are read (they
   * arrive out of order).
   */
  async load(observer?: ToolObserver): Promise<LoadedCatalog> {
    const id = await this.currentPublicationId();
    if (id === null) throw new CatalogNotPublishedError('MongoDB');
    const header = await this.header(id);
    if (header === null || header.state !== 'complete') {
      throw new Error(`The live publication ${id} is missing or unfinished in MongoDB.`);
    }
    const validator = new CatalogValidator(observer === undefined ? {} : { observer });
    validator.acceptMember('schemaVersion', header.schemaVersion);
    validator.acceptMember('publishedAt', header.publishedAt);
    validator.acceptMember('tools', []);
    // Sorted here, not by the server: FerretDB sorts by reading the whole result into memory,
    // which made a 10,000-tool load several times slower than the scan itself.
    const entries: ToolEntry[] = [];
    for await (const raw of this.tools.find({ publicationId: id }).batchSize(BATCH_TOOLS)) {
      entries.push(decodeStored(toolEntrySchema, COLLECTIONS.tools, raw));
    }
    entries.sort((a, b) => a.seq - b.seq);
    const complete =
      entries.length === header.toolCount && entries.every((entry, i) => entry.seq === i);
    if (!complete) {
      throw new Error(
        `Publication ${id} in MongoDB holds ${entries.length} readable tools of ${header.toolCount} (removed while loading?).`,
      );
    }
    for (const entry of entries) validator.acceptTool(entry.tool);
    return { document: validator.finish(), fingerprint: id };
  }

  /**
   * Makes `document` (already validated) the live publication. Publishing content that is
   * already stored completely only switches the pointer. Resolves once the pointer is switched.
   */
  async publish(
    document: CatalogDocument,
    options: PublishOptions = {},
  ): Promise<PublishedPublication> {
    const id = fingerprintOf(document);
    const total = document.tools.length;
    const reviews = document.tools.reduce((sum, tool) => sum + tool.reviews.length, 0);
    await this.ensureIndexes();
    const existing = await this.header(id);
    if (existing?.state !== 'complete') {
      await this.tools.deleteMany({ publicationId: id });
      await this.headers.replaceOne(
        { _id: id },
        {
          schemaVersion: document.schemaVersion,
          publishedAt: document.publishedAt,
          toolCount: total,
          reviewCount: reviews,
          state: 'writing',
          idleSince: this.now(),
        },
        { upsert: true },
      );
      for (let start = 0; start < total; start += BATCH_TOOLS) {
        const batch = document.tools.slice(start, start + BATCH_TOOLS);
        await this.tools.insertMany(
          batch.map((tool, i) => ({
            _id: `${id}:${start + i}`,
            publicationId: id,
            seq: start + i,
            tool,
          })),
        );
        await this.headers.updateOne({ _id: id }, { $set: { idleSince: this.now() } });
        options.onProgress?.(start + batch.length, total);
      }
      await this.headers.updateOne({ _id: id }, { $set: { state: 'complete' } });
    }
    if (total === 0) options.onProgress?.(0, 0);
    await this.switchTo(id);
    await this.prune();
    return { publicationId: id, tools: total, reviews };
  }

  /**
   * Removes publications that are not live and have been idle for the grace period (replaced
   * ones, and unfinished ones whose writer stopped). Returns how many were removed.
   */
  async prune(): Promise<number> {
    const cutoff = new Date(this.now().getTime() - this.graceMs);
    const live = await this.currentPublicationId();
    const stale = await this.headers
      .find({ idleSince: { $lte: cutoff } }, { projection: { _id: 1 } })
      .toArray();
    let removed = 0;
    for (const { _id: id } of stale) {
      if (id === live) continue;
      await this.tools.deleteMany({ publicationId: id });
      await this.headers.deleteOne({ _id: id, idleSince: { $lte: cutoff } });
      removed++;
    }
    return removed;
  }

  /** Creates the indexes loading and pruning rely on (idempotent). */
  async ensureIndexes(): Promise<void> {
    await this.tools.createIndex({ publicationId: 1 });
    await this.headers.createIndex({ idleSince: 1 });
  }

  private async switchTo(id: string): Promise<void> {
    const now = this.now();
    const before = await this.pointer.findOneAndUpdate(
      { _id: POINTER_ID },
      { $set: { publicationId: id, switchedAt: now } },
      { upsert: true, returnDocument: 'before' },
    );
    const previous =
      before === null ? null : decodeStored(pointerSchema, COLLECTIONS.pointer, before);
    // The live one counts as idle from now on only once replaced; refresh it so that a prune
    // racing with this switch cannot take an older publication that was just made live again.
    await this.headers.updateOne({ _id: id }, { $set: { idleSince: now } });
    if (previous !== null && previous.publicationId !== id) {
      await this.headers.updateOne({ _id: previous.publicationId }, { $set: { idleSince: now } });
    }
  }

  private async header(id: string): Promise<PublicationHeader | null> {
    const raw = await this.headers.findOne({ _id: id });
    return raw === null
      ? null
      : decodeStored(publicationHeaderSchema, COLLECTIONS.publications, raw);
  }
}
