import type { Db } from 'mongodb';
import { COLLECTIONS, POINTER_ID } from '../../src/catalog/mongo-publication.codec.js';

/**
 * Stores a catalog as publication documents without validating it, and points to it: what a
 * publisher of another version, or a hand edit, might leave. Lets the tests check that
 * `MongoCatalogSource.load` validates what it reads.
 */
export async function writeRawPublication(
  db: Db,
  raw: { schemaVersion?: unknown; publishedAt?: unknown; tools: unknown[] },
  id = `raw-${Date.now()}-${Math.random().toString(36).slice(2)}`,
): Promise<string> {
  await db.collection(COLLECTIONS.publications).insertOne({
    _id: id as never,
    schemaVersion: raw.schemaVersion,
    publishedAt: raw.publishedAt,
    toolCount: raw.tools.length,
    reviewCount: 0,
    state: 'complete',
    idleSince: new Date(),
  });
  if (raw.tools.length > 0) {
    await db.collection(COLLECTIONS.tools).insertMany(
      raw.tools.map((tool, seq) => ({
        _id: `${id}:${seq}` as never,
        publicationId: id,
        seq,
        tool,
      })),
    );
  }
  await db
    .collection(COLLECTIONS.pointer)
    .updateOne(
      { _id: POINTER_ID as never },
      { $set: { publicationId: id, switchedAt: new Date() } },
      { upsert: true },
    );
  return id;
}
