import { loadSettings } from '../catalog/cli-settings.js';
import { withSharedStorage } from '../catalog/shared-catalog.js';
import { EXIT, type CliCommand } from '../cli-command.js';

const USAGE = `Usage: catalog migrate

Brings the schema of the database the settings name up to date, and says what
it did. Only PostgreSQL (DATABASE_URL) has a schema: its tables are created, or
changed, by numbered steps recorded in reviews_schema_migrations, each applied
once, under a lock so that instances starting at the same time wait for each
other. The server and "catalog import" run the same steps when they connect,
so this command is for deployments that migrate before they roll out.
MongoDB (MONGODB_URL) creates its collections and indexes on first use, and
files need nothing: for them it says so and exits 0.

Exit codes: 0 up to date, 1 unreachable database or a schema newer than this
code, 2 usage error.`;

export const migrateCommand: CliCommand = {
  name: 'migrate',
  summary: 'bring the PostgreSQL schema up to date (DATABASE_URL)',
  usage: USAGE,
  options: {},
  positionals: [],
  async run(_line, io) {
    const settings = loadSettings(io);
    const said = await withSharedStorage(settings, async ({ name, migrated }) => {
      if (migrated === undefined) return `${name} has no schema to migrate.`;
      const steps = migrated.applied.map((step) => `applied ${step.version}: ${step.name}\n`);
      return `${steps.join('')}${name} schema at version ${migrated.version}${steps.length === 0 ? ' (nothing to do)' : ''}.`;
    });
    io.stdout.write(
      `${said ?? 'Files (no MONGODB_URL or DATABASE_URL) have no schema to migrate.'}\n`,
    );
    return EXIT.ok;
  },
};
