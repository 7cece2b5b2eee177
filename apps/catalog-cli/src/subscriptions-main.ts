#!/usr/bin/env node
import { runSubscriptionsCli } from './subscriptions/run-subscriptions-cli.js';

/** `subscriptions <command>` (`pnpm subscriptions …`, or the `reviews-subscriptions` bin). */
runSubscriptionsCli(process.argv.slice(2), {
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
      `subscriptions: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);

// A closed pipe (`subscriptions list-suppressed | head`) ends the output, not the process.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});
