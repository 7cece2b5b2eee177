import type { CliCommand, CliIo } from './cli-command.js';
import { diffCommand } from './commands/diff.command.js';
import { exportCommand } from './commands/export.command.js';
import { generateCommand } from './commands/generate.command.js';
import { importCommand } from './commands/import.command.js';
import { migrateCommand } from './commands/migrate.command.js';
import { validateCommand } from './commands/validate.command.js';
import { commandList, runProgram } from './run-program.js';

const COMMANDS: readonly CliCommand[] = [
  validateCommand,
  importCommand,
  exportCommand,
  generateCommand,
  diffCommand,
  migrateCommand,
];

const OVERVIEW = `Usage: catalog <command> [options]

Commands:
${commandList(COMMANDS)}

Run "catalog <command> --help" for the options of one command.
Settings come from the environment, as for the server: MONGODB_URL or
DATABASE_URL (publish to and export from that database), else CATALOG_FILE
(embedded), PUBLIC_BASE_URL, ….

Exit codes: 0 success, 1 invalid input (or a failure reading or publishing),
2 usage error.`;

/** `catalog <command> …` (`pnpm catalog …`, or the `reviews-catalog` bin). */
export function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  return runProgram({ name: 'catalog', commands: COMMANDS, overview: OVERVIEW }, argv, io);
}
