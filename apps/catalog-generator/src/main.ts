#!/usr/bin/env node
import { createWriteStream } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { writeCatalog } from './catalog-writer.js';
import { USAGE, parseCliArguments } from './cli-arguments.js';

/**
 * `catalog-generator --tools N --seed S [--reviews-per-tool M] [--out FILE]`: writes a synthetic
 * catalog (docs/cli.md#catalog-format) to FILE or standard output. Exit codes: 0 done, 2 bad
 * arguments, 1 write failure. The summary goes to standard error, so standard output carries only
 * the JSON.
 */
async function main(argv: readonly string[]): Promise<number> {
  const command = parseCliArguments(argv);
  if (!command.ok) {
    console.error(`catalog-generator: ${command.error.message}\n\n${USAGE}`);
    return 2;
  }
  if (command.value.kind === 'help') {
    console.log(USAGE);
    return 0;
  }
  const { options, out } = command.value;
  const started = performance.now();
  const summary =
    out === undefined
      ? await writeCatalog(options, process.stdout, { end: false })
      : await writeCatalog(options, createWriteStream(out));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.error(
    `catalog-generator: ${summary.tools} tools, ${summary.reviews} reviews written to ${out ?? 'standard output'} in ${seconds} s`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`catalog-generator: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
