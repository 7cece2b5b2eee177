import type { PoolClient } from 'pg';
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
import type { PostgresConnection } from '../postgres/postgres-connection.js';
import { CatalogValidator } from './catalog-validator.js';
import { fingerprintOf } from './publication-fingerprint.js';

interface PostgresCatalogSourceOptions {
  /** How long a publication that stopped being live is kept before `prune` removes it (default 10 min). */
  readonly pruneGraceMs?: number;
  readonly now?: () => Date;
}

/** The channel a publish notifies, with the new publication id as payload. */
export const PUBLICATION_CHANNEL = 'reviews_publication';

const BATCH_TOOLS = 500;

interface HeaderRow {
  id: string;
  schema_version: number;
  published_at: string;
  tool_count: number;
}

/**
 * The catalog in PostgreSQL (docs/operations.md#postgresql-storage). `publish` writes a
 * publication (its header and one row per tool) and switches the one pointer row to it in a
 * single transaction, which also notifies `PUBLICATION_CHANNEL`: a reader sees the old
 * publication or the new one, whole, and other instances hear of it when it commits. `load`
 * reads the pointer and the tools in one repeatable-read snapshot, so a concurrent prune or
 * publish cannot change what it reads; tools are validated with the catalog schema in document
 * order as they arrive. `prune` removes publications idle for the grace period, never the one
 * the pointer names (a foreign key holds it).
 */
export class PostgresCatalogSource implements CatalogSource, CatalogPublisher {
  private readonly graceMs: number;
  private readonly now: () => Date;

  constructor(
    private readonly connection: PostgresConnection,
    options: PostgresCatalogSourceOptions = {},
  ) {
    this.graceMs = options.pruneGraceMs ?? 10 * 60_000;
    this.now = options.now ?? (() => new Date());
  }

  /** Id of the live publication, or null when nothing is published. */
  async currentPublicationId(): Promise<string | null> {
    const { rows } = await this.connection.pool.query<{ publication_id: string }>(
      "SELECT publication_id FROM catalog_pointer WHERE id = 'current'",
    );
    return rows[0]?.publication_id ?? null;
  }

  /** `observer` hears of each tool in document order as soon as it is validated. */
  load(observer?: ToolObserver): Promise<LoadedCatalog> {
    return this.connection.transaction(async (client) => {
      const { rows } = await client.query<HeaderRow>(
        `SELECT p.id, p.schema_version, p.published_at, p.tool_count
           FROM catalog_pointer c JOIN catalog_publications p ON p.id = c.publication_id
          WHERE c.id = 'current'`,
      );
      const header = rows[0];
      if (header === undefined) throw new CatalogNotPublishedError('PostgreSQL');
      const validator = new CatalogValidator(observer === undefined ? {} : { observer });
      validator.acceptMember('schemaVersion', header.schema_version);
      validator.acceptMember('publishedAt', header.published_at);
      validator.acceptMember('tools', []);
      let read = 0;
      for (let start = 0; start < header.tool_count; start += BATCH_TOOLS) {
        const batch = await client.query<{ seq: number; tool: string }>(
          `SELECT seq, tool FROM catalog_tools
            WHERE publication_id = $1 AND seq >= $2 AND seq < $3 ORDER BY seq`,
          [header.id, start, start + BATCH_TOOLS],
        );
        for (const row of batch.rows) {
          if (row.seq !== read) break;
          validator.acceptTool(JSON.parse(row.tool) as unknown);
          read++;
        }
        if (read !== Math.min(start + BATCH_TOOLS, header.tool_count)) break;
      }
      if (read !== header.tool_count) {
        throw new Error(
          `Publication ${header.id} in PostgreSQL holds ${read} readable tools of ${header.tool_count}.`,
        );
      }
      return { document: validator.finish(), fingerprint: header.id };
    }, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  }

  /**
   * Makes `document` (already validated) the live publication, in one transaction. Content that
   * is stored already is not written again: only the pointer moves. Resolves once committed.
   */
  async publish(
    document: CatalogDocument,
    options: PublishOptions = {},
  ): Promise<PublishedPublication> {
    const id = fingerprintOf(document);
    const total = document.tools.length;
    const reviews = document.tools.reduce((sum, tool) => sum + tool.reviews.length, 0);
    await this.connection.transaction(async (client) => {
      const now = this.now();
      // Inserts the header, or locks the stored one (refreshing it) so that no prune takes it
      // before the pointer names it; `xmax = 0` only for a row this statement inserted.
      const { rows } = await client.query<{ inserted: boolean }>(
        `INSERT INTO catalog_publications
           (id, schema_version, published_at, tool_count, review_count, idle_since)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (id) DO UPDATE SET idle_since = EXCLUDED.idle_since
         RETURNING (xmax = 0) AS inserted`,
        [id, document.schemaVersion, document.publishedAt, total, reviews, now],
      );
      if (rows[0]?.inserted === true) await this.writeTools(client, id, document, options);
      else options.onProgress?.(total, total);
      if (total === 0) options.onProgress?.(0, 0);
      await this.switchTo(client, id, now);
    });
    await this.prune();
    return { publicationId: id, tools: total, reviews };
  }

  /** Removes publications that are not live and have been idle for the grace period. */
  async prune(): Promise<number> {
    const cutoff = new Date(this.now().getTime() - this.graceMs);
    const { rowCount } = await this.connection.pool.query(
      `DELETE FROM catalog_publications p
        WHERE p.idle_since <= $1
          AND NOT EXISTS (SELECT 1 FROM catalog_pointer c WHERE c.publication_id = p.id)`,
      [cutoff],
    );
    return rowCount ?? 0;
  }

  private async writeTools(
    client: PoolClient,
    id: string,
    document: CatalogDocument,
    options: PublishOptions,
  ): Promise<void> {
    const total = document.tools.length;
    for (let start = 0; start < total; start += BATCH_TOOLS) {
      const batch = document.tools.slice(start, start + BATCH_TOOLS);
      await client.query(
        `INSERT INTO catalog_tools (publication_id, seq, tool)
         SELECT $1, seq, tool FROM unnest($2::integer[], $3::text[]) AS t (seq, tool)`,
        [id, batch.map((_, i) => start + i), batch.map((tool) => JSON.stringify(tool))],
      );
      options.onProgress?.(start + batch.length, total);
    }
  }

  /** Points to `id`; the one replaced counts as idle from now. Notifies on commit. */
  private async switchTo(client: PoolClient, id: string, now: Date): Promise<void> {
    const { rows } = await client.query<{ publication_id: string }>(
      "SELECT publication_id FROM catalog_pointer WHERE id = 'current' FOR UPDATE",
    );
    await client.query(
      `INSERT INTO catalog_pointer (id, publication_id, switched_at) VALUES ('current', $1, $2)
       ON CONFLICT (id) DO UPDATE SET publication_id = EXCLUDED.publication_id,
                                      switched_at = EXCLUDED.switched_at`,
      [id, now],
    );
    const previous = rows[0]?.publication_id;
    if (previous !== undefined && previous !== id) {
      await client.query('UPDATE catalog_publications SET idle_since = $2 WHERE id = $1', [
        previous,
        now,
      ]);
    }
    await client.query('SELECT pg_notify($1, $2)', [PUBLICATION_CHANNEL, id]);
  }
}
