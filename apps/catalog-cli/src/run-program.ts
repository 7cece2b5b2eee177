import {
  CommandFailure,
  EXIT,
  parseCommandLine,
  UsageError,
  type CliCommand,
  type CliIo,
} from './cli-command.js';

/** One command line program (`catalog`, `subscriptions`): its name, commands and overview. */
interface CliProgram {
  readonly name: string;
  readonly commands: readonly CliCommand[];
  /** The `--help` text of the program, listing the commands. */
  readonly overview: string;
}

/** The command list of an overview: one line per command with its summary. */
export function commandList(commands: readonly CliCommand[]): string {
  const width = Math.max(10, ...commands.map((c) => c.name.length + 2));
  return commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`).join('\n');
}

/**
 * `<program> <command> …`: picks the command and turns its failures into exit codes and messages
 * on standard error (never a stack trace for an expected failure). A leading `--`, as package
 * scripts may pass on, is skipped.
 */
export async function runProgram(
  program: CliProgram,
  argv: readonly string[],
  io: CliIo,
): Promise<number> {
  const args = argv[0] === '--' ? argv.slice(1) : argv;
  const [name, ...rest] = args;
  if (name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(`${program.overview}\n`);
    return EXIT.ok;
  }
  const command = program.commands.find((c) => c.name === name);
  if (command === undefined) {
    const problem = name === undefined ? 'no command given' : `unknown command "${name}"`;
    io.stderr.write(`${program.name}: ${problem}\n\n${program.overview}\n`);
    return EXIT.usage;
  }
  const label = `${program.name} ${command.name}`;
  try {
    const line = parseCommandLine(rest, command);
    if (line.help) {
      io.stdout.write(`${command.usage}\n`);
      return EXIT.ok;
    }
    return await command.run(line, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`${label}: ${error.message}\nRun "${label} --help" for usage.\n`);
      return EXIT.usage;
    }
    if (error instanceof CommandFailure) {
      io.stderr.write(`${label}: ${error.message}\n`);
      return error.exitCode;
    }
    throw error;
  }
}

/**
 * Runs `run` as the process's program (a bin's `main`): its exit code becomes the process's, an
 * unexpected failure is one line on standard error and exit 1, and a closed pipe on standard
 * output (`catalog export | head`) ends the output, not the process with a stack trace.
 */
export function runAsMain(
  name: string,
  run: (argv: readonly string[], io: CliIo) => Promise<number>,
): void {
  run(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(
        `${name}: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exitCode = 1;
    },
  );
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}
