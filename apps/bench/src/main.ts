import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { floodBench } from './flood-bench.js';
import { httpBench } from './http-bench.js';
import { searchBench } from './search-bench.js';
import { signupBench } from './signup-bench.js';
import { slowConnectionsBench } from './slow-connections-bench.js';

const SAMPLE = fileURLToPath(new URL('../../server/catalog/sample-catalog.json', import.meta.url));

const usage = `usage: pnpm bench <search|http|signups|flood|slow-connections> [options]
  search   in-process search latency through SearchTools
           --catalog FILE (default: the sample catalog) --queries N (2000) --seed S (1)
  http     REST search vs MCP search_tools over loopback, same query, same run
           --catalog FILE --q TEXT ("postgres slow") --requests N (2000) --concurrency C (16) --rounds R (3)
  signups  Subscribe on the embedded file store
           --count N (5000) --parallel P (32)
  flood    a bystander's /healthz latency, alone and while one client floods searches
           at the default limits (429s and If-None-Match: * requests)
           --catalog FILE --seconds S (10) --concurrency C (16) [--server PATH/main.js]
  slow-connections  a fresh client's /healthz while many slow clients hold connections
           --connections N (1500) --addresses A (30) --seconds S (15) --fd-limit F (1024)
           [--server PATH/main.js]
Make a big catalog with: pnpm catalog:generate -- --tools 10000 --seed 1 --out FILE`;

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      catalog: { type: 'string', default: SAMPLE },
      queries: { type: 'string', default: '2000' },
      seed: { type: 'string', default: '1' },
      q: { type: 'string', default: 'postgres slow' },
      requests: { type: 'string', default: '2000' },
      concurrency: { type: 'string', default: '16' },
      rounds: { type: 'string', default: '3' },
      count: { type: 'string', default: '5000' },
      parallel: { type: 'string', default: '32' },
      seconds: { type: 'string' },
      server: { type: 'string' },
      connections: { type: 'string', default: '1500' },
      addresses: { type: 'string', default: '30' },
      'fd-limit': { type: 'string', default: '1024' },
    },
  });
  const [benchmark] = positionals.filter((p) => p !== '--');
  switch (benchmark) {
    case 'search':
      return searchBench({
        catalog: values.catalog,
        queries: Number(values.queries),
        seed: Number(values.seed),
      });
    case 'http':
      return httpBench({
        catalog: values.catalog,
        q: values.q,
        requests: Number(values.requests),
        concurrency: Number(values.concurrency),
        rounds: Number(values.rounds),
      });
    case 'flood':
      return floodBench({
        catalog: values.catalog,
        seconds: Number(values.seconds ?? 10),
        concurrency: Number(values.concurrency),
        ...(values.server === undefined ? {} : { server: values.server }),
      });
    case 'slow-connections':
      return slowConnectionsBench({
        connections: Number(values.connections),
        addresses: Number(values.addresses),
        seconds: Number(values.seconds ?? 15),
        fdLimit: Number(values['fd-limit']),
        ...(values.server === undefined ? {} : { server: values.server }),
      });
    case 'signups':
      return signupBench({ count: Number(values.count), parallel: Number(values.parallel) });
    default:
      console.error(usage);
      process.exitCode = 2;
  }
}

await main();
