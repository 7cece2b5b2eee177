import { parseArgs } from 'node:util';
import { BENCH_OPTIONS, BENCHES, benchUsage } from './benches.js';

async function main(): Promise<void> {
  // `pnpm bench http -- --rounds 3` passes the `--` on: without dropping it, parseArgs would take
  // every option after it for a positional and ignore it silently.
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: BENCH_OPTIONS,
  });
  const [name, argument] = positionals;
  const run = BENCHES.find((bench) => bench.name === name)?.run(values, argument);
  if (run !== undefined) return run;
  console.error(benchUsage());
  process.exitCode = 2;
}

await main();
