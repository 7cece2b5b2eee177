import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Exit codes of every command (docs/cli.md). */
export const EXIT = { ok: 0, invalidInput: 1, usage: 2 } as const;

/** Where a command writes: the result to `stdout`, messages and progress to `stderr`. */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream & { readonly isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream & { readonly isTTY?: boolean; readonly columns?: number };
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** A command line that parsed: the string options given and the positional arguments. */
interface CommandLine {
  readonly values: Readonly<Record<string, string | undefined>>;
  readonly files: readonly string[];
}

/**
 * One subcommand of `catalog`: its options, positional arguments and `--help` text in one place.
 * `runCli` parses the command line (and answers `--help`); `run` resolves with the exit code.
 */
export interface CliCommand {
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** The full `--help` text. */
  readonly usage: string;
  /** The `node:util` parseArgs options, `--help`/`-h` aside (every command has it). */
  readonly options: Options;
  /**
   * The names of the positional arguments, all required, e.g. `['OLD', 'NEW']`; a last name ending
   * in `…` (`ADDRESS…`) takes any number, none included.
   */
  readonly positionals: readonly string[];
  run(line: CommandLine, io: CliIo): Promise<number>;
}

/** A command line that cannot be run (exit code 2); the message names the argument and the rule. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * A failure the user can act on (unreadable file, unreachable server, invalid settings): printed
 * as is with no stack trace; exit code 1 unless the settings themselves are wrong (2).
 */
export class CommandFailure extends Error {
  override readonly name = 'CommandFailure';

  constructor(
    message: string,
    readonly exitCode: number = EXIT.invalidInput,
  ) {
    super(message);
  }
}

/**
 * `node:util` parseArgs of a command's arguments, strict, with `--help`/`-h` and exactly
 * `command.positionals.length` positional arguments. Errors become `UsageError`.
 */
export function parseCommandLine(
  args: readonly string[],
  { options, positionals }: Pick<CliCommand, 'options' | 'positionals'>,
): ({ help: true } | { help: false }) & CommandLine {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const parsedValues = parsed.values as Record<string, string | boolean | undefined>;
  if (parsedValues['help'] === true) return { help: true, values: {}, files: [] };
  const files = parsed.positionals;
  if (positionals.at(-1)?.endsWith('…') === true) {
    const required = positionals.slice(0, -1);
    if (files.length < required.length) {
      throw new UsageError(`expected ${required.join(' and ')} first, got ${files.length}`);
    }
  } else if (files.length !== positionals.length) {
    const wanted = positionals.length === 0 ? 'no' : positionals.join(' and ');
    throw new UsageError(
      `expected ${wanted} argument${positionals.length === 1 ? '' : 's'}, got ${files.length === 0 ? 'none' : files.map((f) => JSON.stringify(f)).join(' ')}`,
    );
  }
  const values: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(parsedValues)) {
    if (typeof value === 'string') values[key] = value;
  }
  return { help: false, values, files };
}
