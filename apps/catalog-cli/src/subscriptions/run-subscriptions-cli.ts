import type { CliCommand, CliIo } from '../cli-command.js';
import { commandList, runProgram } from '../run-program.js';
import { listSuppressedCommand } from './list-suppressed.command.js';
import { suppressCommand } from './suppress.command.js';

const COMMANDS: readonly CliCommand[] = [suppressCommand, listSuppressedCommand];

const OVERVIEW = `Usage: subscriptions <command> [options]

Commands:
${commandList(COMMANDS)}

Run "subscriptions <command> --help" for the options of one command.
Settings come from the environment, as for the server: MONGODB_URL (the shared
store), else DATA_DIR (the subscription log; stop the server first).

Exit codes: 0 success, 1 invalid input (or the store unavailable), 2 usage error.`;

/** `subscriptions <command> …` (`pnpm subscriptions …`, or the `reviews-subscriptions` bin). */
export function runSubscriptionsCli(argv: readonly string[], io: CliIo): Promise<number> {
  return runProgram({ name: 'subscriptions', commands: COMMANDS, overview: OVERVIEW }, argv, io);
}
