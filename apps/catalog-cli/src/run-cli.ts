import {
  CommandFailure,
  EXIT,
  parseCommandLine,
  UsageError,
  type CliCommand,
  type CliIo,
} from './cli-command.js';
import { diffCommand } from './commands/diff.command.js';
import { exportCommand } from './commands/export.command.js';
import { generateCommand } from './commands/generate.command.js';
import { importCommand } from './commands/import.command.js';
import { migrateCommand } from './commands/migrate.command.js';
import { validateCommand } from './commands/validate.command.js';

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
${COMMANDS.map((c) => `  ${c.name.padEnd(10)}${c.summary}`).join('\n')}

Run "catalog <command> --help" for the options of one command.
Settings come from the environment, as for the server: MONGODB_URL or
DATABASE_URL (publish to and export from that database), else CATALOG_FILE
(embedded), PUBLIC_BASE_URL, ….

Exit codes: 0 success, 1 invalid input (or a failure reading or publishing),
2 usage error.`;

/**
 * `catalog <command> …`: picks the command and turns its failures into exit codes and messages
 * on standard error (never a stack trace for an expected failure). A leading `--`, as package
 * scripts may pass on, is skipped.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const args = argv[0] === '--' ? argv.slice(1) : argv;
  const [name, ...rest] = args;
  if (name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(`${OVERVIEW}\n`);
    return EXIT.ok;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (command === undefined) {
    const problem = name === undefined ? 'no command given' : `unknown command "${name}"`;
    io.stderr.write(`catalog: ${problem}\n\n${OVERVIEW}\n`);
    return EXIT.usage;
  }
  try {
    const line = parseCommandLine(rest, command);
    if (line.help) {
      io.stdout.write(`${command.usage}\n`);
      return EXIT.ok;
    }
    return await command.run(line, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(
        `catalog ${command.name}: ${error.message}\nRun "catalog ${command.name} --help" for usage.\n`,
      );
      return EXIT.usage;
    }
    if (error instanceof CommandFailure) {
      io.stderr.write(`catalog ${command.name}: ${error.message}\n`);
      return error.exitCode;
    }
    throw error;
  }
}
