import type { PoolClient } from 'pg';

/**
 * The schema of a PostgreSQL storage, as numbered steps applied in order, each once
 * (docs/operations.md#postgresql-storage). A step is never edited once released: a change is a
 * new step. `reviews_schema_migrations` records which were applied and when.
 */
const MIGRATIONS: ReadonlyArray<{
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}> = [
  {
    version: 1,
    name: 'catalog publications, their tools and the live pointer',
    sql: `
      CREATE TABLE catalog_publications (
        id text PRIMARY KEY,
        schema_version integer NOT NULL,
        published_at text NOT NULL,
        tool_count integer NOT NULL CHECK (tool_count >= 0),
        review_count integer NOT NULL CHECK (review_count >= 0),
        idle_since timestamptz NOT NULL
      );
      CREATE INDEX catalog_publications_idle_since ON catalog_publications (idle_since);
      CREATE TABLE catalog_tools (
        publication_id text NOT NULL REFERENCES catalog_publications (id) ON DELETE CASCADE,
        seq integer NOT NULL CHECK (seq >= 0),
        tool text NOT NULL,
        PRIMARY KEY (publication_id, seq)
      );
      CREATE TABLE catalog_pointer (
        id text PRIMARY KEY CHECK (id = 'current'),
        publication_id text NOT NULL REFERENCES catalog_publications (id),
        switched_at timestamptz NOT NULL
      );`,
  },
  {
    version: 2,
    name: 'subscriptions and their token hashes',
    sql: `
      CREATE TABLE subscriptions (
        address_key text PRIMARY KEY,
        version integer NOT NULL CHECK (version > 0),
        record text NOT NULL,
        mail_due_at timestamptz,
        expires_at timestamptz
      );
      CREATE INDEX subscriptions_mail_due_at ON subscriptions (mail_due_at)
        WHERE mail_due_at IS NOT NULL;
      CREATE INDEX subscriptions_expires_at ON subscriptions (expires_at)
        WHERE expires_at IS NOT NULL;
      CREATE TABLE subscription_tokens (
        hash text PRIMARY KEY,
        address_key text NOT NULL REFERENCES subscriptions (address_key) ON DELETE CASCADE
      );
      CREATE INDEX subscription_tokens_address_key ON subscription_tokens (address_key);`,
  },
];

/** Any constant of our own: instances starting together migrate one after the other. */
const MIGRATION_LOCK = 310_531;

/** What `migrate` found and did. */
export interface MigrationReport {
  readonly applied: ReadonlyArray<{ readonly version: number; readonly name: string }>;
  readonly version: number;
}

/**
 * Brings the schema up to date in one transaction, under an advisory lock so that instances
 * starting at once do not race (the later ones find nothing left to do). Refuses a database
 * whose schema is newer than this code knows, rather than write to tables it does not.
 */
export async function migrate(client: PoolClient): Promise<MigrationReport> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`
      CREATE TABLE IF NOT EXISTS reviews_schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const { rows } = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM reviews_schema_migrations',
    );
    const current = rows[0]?.version ?? 0;
    const known = MIGRATIONS.at(-1)?.version ?? 0;
    if (current > known) {
      throw new Error(
        `The PostgreSQL schema is at version ${current}, newer than this code knows (${known}): run the newer code, or another database.`,
      );
    }
    const applied = [];
    for (const step of MIGRATIONS.filter((m) => m.version > current)) {
      await client.query(step.sql);
      await client.query('INSERT INTO reviews_schema_migrations (version, name) VALUES ($1, $2)', [
        step.version,
        step.name,
      ]);
      applied.push({ version: step.version, name: step.name });
    }
    await client.query('COMMIT');
    return { applied, version: Math.max(current, known) };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
