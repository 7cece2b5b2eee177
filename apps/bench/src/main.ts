import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { searchBench } from './search-bench.js';

const SAMPLE = fileURLToPath(new URL('../../server/catalog/sample-catalog.json', import.meta.url));

const usage = `usage: pnpm bench search [--catalog FILE] [--queries N] [--seed S]
  --catalog  catalog JSON (default: the bundled sample catalog);
             make a big one with: pnpm catalog:generate -- --tools 10000 --seed 1 --out FILE`;

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      catalog: { type: 'string', default: SAMPLE },
      queries: { type: 'string', default: '2000' },
      seed: { type: 'string', default: '1' },
    },
  });
  const [benchmark = 'search'] = positionals.filter((p) => p !== '--');
  if (benchmark !== 'search') {
    console.error(usage);
    process.exitCode = 2;
    return;
  }
  await searchBench({
    catalog: values.catalog,
    queries: Number(values.queries),
    seed: Number(values.seed),
  });
}

await main();
