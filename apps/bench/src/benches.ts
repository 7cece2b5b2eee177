import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { catalogReadBench } from './catalog-read/catalog-read-bench.js';
import { collectBench } from './collect-bench.js';
import { engineBench } from './engine-bench.js';
import { firstQueryBench } from './first-bench.js';
import { floodBench } from './flood-bench.js';
import { httpBench } from './http/http-bench.js';
import { latencyBench } from './latency-bench.js';
import { cpuProfileSummary } from './profile/profile-bench.js';
import { reloadBench } from './reload-bench.js';
import { scaleBench } from './scale-bench.js';
import { refinementsBench } from './refinements-bench.js';
import { closestCostBench } from './relevance/closest-cost-bench.js';
import { relevanceBench } from './relevance/relevance-bench.js';
import { searchBench } from './search-bench.js';
import { signupBench } from './signups-bench.js';
import { slowConnectionsBench } from './slow-connections-bench.js';
import { sighupBench } from './sighup-bench.js';
import { startBench } from './start-bench.js';
import { variedBench } from './varied/varied-bench.js';

const SAMPLE = fileURLToPath(
  new URL('../../../packages/service-common/catalog/sample-catalog.json', import.meta.url),
);

/** Every option any bench takes, for `parseArgs`; each bench reads the ones its usage names. */
const BENCH_OPTIONS = {
  catalog: { type: 'string' },
  tools: { type: 'string' },
  connections: { type: 'string' },
  profile: { type: 'string' },
  routes: { type: 'string' },
  top: { type: 'string', default: '30' },
  match: { type: 'string' },
  sizes: { type: 'string' },
  queries: { type: 'string' },
  seed: { type: 'string', default: '1' },
  q: { type: 'string', default: 'postgres slow' },
  concurrency: { type: 'string', default: '8' },
  rounds: { type: 'string' },
  count: { type: 'string', default: '5000' },
  parallel: { type: 'string', default: '32' },
  seconds: { type: 'string' },
  server: { type: 'string' },
  addresses: { type: 'string', default: '30' },
  probes: { type: 'string', default: '84' },
  'fd-limit': { type: 'string', default: '1024' },
  starts: { type: 'string', default: '8' },
  'node-options': { type: 'string' },
  'classify-on': { type: 'string', default: '10000' },
  compare: { type: 'string' },
  digest: { type: 'boolean', default: false },
  pairs: { type: 'string', default: '3' },
  restart: { type: 'boolean', default: false },
  imported: { type: 'boolean', default: false },
  sampler: { type: 'string', default: 'issue' },
  encoding: { type: 'string', default: 'none' },
  breakdown: { type: 'boolean', default: false },
  'breakdown-only': { type: 'boolean', default: false },
  instructions: { type: 'boolean', default: false },
  pin: { type: 'boolean', default: false },
  tuning: { type: 'boolean', default: false },
} as const;

type BenchValues = ReturnType<
  typeof parseArgs<{ options: typeof BENCH_OPTIONS; allowPositionals: true }>
>['values'];

/** A `pnpm bench` subcommand: its name (its file is `<name>-bench.ts`), its usage, how it runs. */
interface Bench {
  readonly name: string;
  /** Its lines of the usage text, from its name on. */
  readonly usage: string;
  /** Runs it; undefined when the options do not make a run (the usage is printed). */
  run(values: BenchValues, argument: string | undefined): Promise<void> | undefined;
}

/** The catalog options of the benches that take one: `--tools` (default `tools`), `--seed`, `--catalog`. */
const generatedOrGiven = (values: BenchValues, tools: number) => ({
  tools: Number(values.tools ?? tools),
  seed: Number(values.seed),
  catalog: values.catalog,
});

/**
 * Every bench, in the order the usage text lists them: `pnpm bench` with no name or bad options
 * prints `benchUsage()`, and docs/development.md lists the same names (a test checks it).
 */
export const BENCHES: readonly Bench[] = [
  {
    name: 'engine',
    usage: `  engine   ours vs MiniSearch vs FlexSearch (default resolver and id-set intersection), same
           generated catalog and sampled queries, AND + prefix over our folded terms: build
           time, heap, p50/p90/p99, result agreement and ratios
           --tools N (10000; generated and cached in .bench/catalogs) or --catalog FILE
           --queries N (2000 sampled) --rounds R (5) --seed S (1)`,
    run: (values) => {
      return engineBench({
        catalog: values.catalog,
        tools: Number(values.tools ?? 10000),
        queries: Number(values.queries ?? 2000),
        rounds: Number(values.rounds ?? 5),
        seed: Number(values.seed),
      });
    },
  },
  {
    name: 'catalog-read',
    usage: `  catalog-read  reading, validating and mapping a catalog file alone (FileCatalogSource.load,
           no indexing), each read in a fresh process: wall and CPU time, peak RSS, heap
           --tools N (100000; generated and cached) or --catalog FILE --rounds R (2) --seed S (1)
           [--compare DIR] (DIR's build read alternately with this one)
           [--digest] (also hash every tool's JSON, to show both builds read the same tools)`,
    run: (values) => {
      return catalogReadBench({
        ...generatedOrGiven(values, 100000),
        rounds: Number(values.rounds ?? 2),
        compare: values.compare,
        digest: values.digest,
      });
    },
  },
  {
    name: 'collect',
    usage: `  collect  the indexing worker's main cost alone: PostingsCollector over every searched text
           of a catalog (ASCII texts as bytes), in one process; collect and finish times,
           min and median per build
           --tools N (10000; generated and cached) or --catalog FILE --rounds R (10) --seed S (1)
           [--compare DIR] (DIR's built collector alternately with this one's; the postings of
           both are compared)`,
    run: (values) => {
      return collectBench({
        ...generatedOrGiven(values, 10000),
        rounds: Number(values.rounds ?? 10),
        compare: values.compare,
      });
    },
  },
  {
    name: 'start',
    usage: `  start    cold starts of the built server alone, spawn to its listening line (ready): ready
           time, CPU until ready (all threads), their ratio, peak RSS; min and median per build
           --tools N (100000; generated and cached) or --catalog FILE --pairs P (3) --seed S (1)
           [--compare DIR] (DIR's built server, alternated, the order turning every pair)
           [--restart] (each server also restarted on its cold start's index snapshot)`,
    run: (values) => {
      return startBench({
        ...generatedOrGiven(values, 100000),
        pairs: Number(values.pairs),
        compare: values.compare,
        restart: values.restart,
      });
    },
  },
  {
    name: 'sighup',
    usage: `  sighup   a reload (SIGHUP) of the running server after one space was appended to its catalog
           file (a new publication, every tool unchanged): time to published, CPU, peak RSS
           during the reload alone, RSS after, a cached search every 2 ms meanwhile (p50, p99,
           max, count over 50 ms)
           --tools N (100000; generated and cached) or --catalog FILE --rounds R (1) --seed S (1)
           [--compare DIR] (DIR's built server, alternated, the order turning every round)
           [--imported] (the changed copy installed by the build's catalog import first, which
           indexes it into the server's DATA_DIR: the reload loads that index)`,
    run: (values) => {
      return sighupBench({
        ...generatedOrGiven(values, 100000),
        rounds: Number(values.rounds ?? 1),
        compare: values.compare,
        imported: values.imported,
      });
    },
  },
  {
    name: 'scale',
    usage: `  scale    per catalog size, the server in its own process: spawn to /readyz 200, peak RSS,
           first vs tenth search, selective and broad search latency in process (SearchTools)
           and over HTTP; then a restart on the same DATA_DIR (loading the index snapshot the
           first start wrote), its time to ready, CPU and peak RSS beside the cold start's
           --sizes 1000,10000,100000 (generated and cached) --queries N (400) --seed S (1)
           [--server PATH/main.js] (another build of the server, e.g. before a change)`,
    run: (values) => {
      return scaleBench({
        sizes: (values.sizes ?? '1000,10000,100000').split(',').map(Number),
        queries: Number(values.queries ?? 400),
        seed: Number(values.seed),
        server: values.server,
      });
    },
  },
  {
    name: 'first',
    usage: `  first    first vs tenth search after ready over HTTP (and a search after a pause), the
           queries rotated over fresh server starts so that each place gets the same queries;
           client and server-side times
           --sizes 1000,10000 --starts N (8) --seed S (1) [--server PATH/main.js]
           [--node-options '--max-semi-space-size=64'] (the server's NODE_OPTIONS)`,
    run: (values) => {
      return firstQueryBench({
        sizes: (values.sizes ?? '1000,10000').split(',').map(Number),
        starts: Number(values.starts),
        seed: Number(values.seed),
        server: values.server,
        nodeOptions: values['node-options'],
      });
    },
  },
  {
    name: 'latency',
    usage: `  latency  why in-process searches are slow at the tail: one catalog published, warmed, then
           the scale bench's selective and broad queries through SearchTools with every GC
           pause recorded (run node with --trace-gc for V8's own lines)
           --tools N (100000) --classify-on N (10000) --queries N (400) --seed S (1)
           [--compare DIR] (instead: this engine and DIR's built one on the same publication,
           query by query, alternating; response bodies compared)`,
    run: (values) => {
      return latencyBench({
        tools: Number(values.tools ?? 100000),
        classifyOn: Number(values['classify-on']),
        queries: Number(values.queries ?? 400),
        seed: Number(values.seed),
        compare: values.compare,
      });
    },
  },
  {
    name: 'reload',
    usage: `  reload   the main-thread step of a reload (putting the publication together from cloned tools):
           tools frozen at once, frozen slice by slice, or gathered by ArrivingTools (now)
           --catalog FILE (default: the sample catalog) --rounds R (5)`,
    run: (values) => {
      return reloadBench({ catalog: values.catalog ?? SAMPLE, rounds: Number(values.rounds ?? 5) });
    },
  },
  {
    name: 'search',
    usage: `  search   in-process search latency through SearchTools
           --catalog FILE (default: the sample catalog) --queries N (2000) --seed S (1)`,
    run: (values) => {
      return searchBench({
        catalog: values.catalog ?? SAMPLE,
        queries: Number(values.queries ?? 2000),
        seed: Number(values.seed),
      });
    },
  },
  {
    name: 'refinements',
    usage: `  refinements  what facets, highlights and "did you mean" cost in process (SearchTools): searches
           per second plain, with facets=category, with highlight=true, each on its own
           publication, interleaved query by query; then searches that find nothing
           --tools N (10000; generated and cached) or --catalog FILE --queries N (4000)
           --rounds R (5) --seed S (1) [--compare DIR] (DIR's build searching plainly beside)`,
    run: (values) => {
      return refinementsBench({
        ...generatedOrGiven(values, 10000),
        queries: Number(values.queries ?? 4000),
        rounds: Number(values.rounds ?? 5),
        compare: values.compare,
      });
    },
  },
  {
    name: 'http',
    usage: `  http     REST search, browse, detail and MCP search_tools under autocannon, REST side by side
           with a bare node:http server and a bare Express app sending the same bytes, MCP (both
           protocol generations) with a bare node:http server serving the same result through
           the official SDK (each its own process)
           --catalog FILE (default: a generated catalog of --tools N (10000) tools, cached in .bench/)
           --q TEXT ("postgres slow") --seconds S (5) --connections C (16) --rounds R (3)
           --profile DIR (our server runs with --cpu-prof, profile written to DIR)
           --routes search,browse,detail,mcp (all) [--server PATH/main.js]
           [--compare DIR] (DIR's built server beside ours on every route, in turn)
           [--instructions] (instead of the rounds: instructions per answer under callgrind, each
           server alone: this build and the --compare build on every route, the SDK reference
           on MCP)
           [--pin] (every server on the second core, the load generator on the first)`,
    run: (values) => {
      return httpBench({
        catalog: values.catalog,
        tools: Number(values.tools ?? 10000),
        q: values.q,
        seconds: Number(values.seconds ?? 5),
        connections: Number(values.connections ?? 16),
        rounds: Number(values.rounds ?? 3),
        profileDir: values.profile,
        routes: values.routes?.split(','),
        server: values.server,
        compare: values.compare,
        instructions: values.instructions,
        pin: values.pin,
      });
    },
  },
  {
    name: 'profile',
    usage: `  profile  FILE.cpuprofile: self and inclusive CPU shares during the load run of a --profile run
           --top N (30) --match REGEX (filters the inclusive list)`,
    run: (values, argument) => {
      if (argument === undefined) return undefined;
      cpuProfileSummary(argument, Number(values.top), values.match);
      return Promise.resolve();
    },
  },
  {
    name: 'signups',
    usage: `  signups  Subscribe on the embedded file store
           --count N (5000) --parallel P (32)`,
    run: (values) => {
      return signupBench({ count: Number(values.count), parallel: Number(values.parallel) });
    },
  },
  {
    name: 'flood',
    usage: `  flood    at the default limits: a bystander's /healthz and detail read, alone and while one
           client floods refused searches (429s and If-None-Match: *, a new connection each);
           then per catalog size, a bystander's ordinary search while 60 addresses (127.0.0.2-61)
           each send the costliest search of one route (REST, MCP, page) at their allowed rate,
           of each kind (twelve letters; eleven prefixes and a word that matches nothing, so its
           closest tools are computed); the worst searches' cost; at the largest size, the first
           reads after a publication
           --catalog FILE (the one-client flood's) --seconds S (10) --concurrency C (8; 0 skips it)
           --sizes 10000,100000 (generated and cached; "" skips) --seed S (1) [--server PATH/main.js]`,
    run: (values) => {
      return floodBench({
        catalog: values.catalog ?? SAMPLE,
        seconds: Number(values.seconds ?? 10),
        concurrency: Number(values.concurrency),
        tools: (values.sizes ?? '10000,100000').split(',').filter(Boolean).map(Number),
        seed: Number(values.seed),
        ...(values.server === undefined ? {} : { server: values.server }),
      });
    },
  },
  {
    name: 'slow-connections',
    usage: `  slow-connections  /healthz probes from other addresses while slow clients dribble request
           heads that never end (reconnecting 1 s after each close), first all from one
           address, then spread over --addresses: the share of probes answered 200
           --connections N (1500) --addresses A (30) --seconds S (14) --probes P (84)
           --fd-limit F (the server's ulimit -n: 1024) [--server PATH/main.js]`,
    run: (values) => {
      return slowConnectionsBench({
        connections: Number(values.connections ?? 1500),
        addresses: Number(values.addresses),
        seconds: Number(values.seconds ?? 14),
        probes: Number(values.probes),
        fdLimit: Number(values['fd-limit']),
        ...(values.server === undefined ? {} : { server: values.server }),
      });
    },
  },
  {
    name: 'varied',
    usage: `  varied   varied (mostly uncached) REST searches, side by side with a bare node:http server over a
           FlexSearch 0.8 Document index (own processes), the same fresh request sequence for
           each in a round: req/s, p50/p99, CPU per answer, ratios; no Accept-Encoding by default
           --tools N (10000; generated and cached) or --catalog FILE --queries N (100000 a round)
           --sampler issue|project (issue: any searched text of a tool, 57 % distinct; project:
           the sampler of the other benches)
           --encoding none|gzip --seconds S (10) --connections C (32) --rounds R (3) --seed S (1)
           [--compare DIR] (DIR's built server too) [--breakdown] (then profile this build: CPU
           shares of match, excerpts, serialization, compression, HTTP) [--breakdown-only]
           [--instructions] (instead of the rounds: instructions per answer under callgrind, this
           build and the --compare build, both samplers, without and with gzip)`,
    run: (values) => {
      const { sampler, encoding } = values;
      if (sampler !== 'issue' && sampler !== 'project') return undefined;
      if (encoding !== 'none' && encoding !== 'gzip') return undefined;
      return variedBench({
        catalog: values.catalog,
        tools: Number(values.tools ?? 10000),
        queries: Number(values.queries ?? 100000),
        sampler,
        encoding,
        seconds: Number(values.seconds ?? 10),
        connections: Number(values.connections ?? 32),
        rounds: Number(values.rounds ?? 3),
        seed: Number(values.seed),
        compare: values.compare,
        breakdown: values.breakdown,
        breakdownOnly: values['breakdown-only'],
        instructions: values.instructions,
      });
    },
  },
  {
    name: 'relevance',
    usage: `  relevance  natural-language queries: hit@1, hit@3, MRR of the strict answer, of the answer
           with its closest tools, and of MiniSearch 7 (OR, BM25, prefix, fuzzy 0.2, name
           boosted) over the same texts; the sample catalog's written queries (all, then the
           held-out third), then a generated catalog with queries built from descriptions
           --tools N (10000; 0 skips it) --queries N (600) --seed S (1)
           [--tuning] (the sample queries without the held-out third, nothing else)`,
    run: (values) =>
      relevanceBench({
        sampleCatalog: SAMPLE,
        tools: Number(values.tools ?? 10000),
        queries: Number(values.queries ?? 600),
        seed: Number(values.seed),
        tuning: values.tuning,
      }),
  },
  {
    name: 'closest-cost',
    usage: `  closest-cost  at --tools N (100000; generated and cached), the CPU time and the units
           (docs/api.md#what-a-search-costs) of each kind of search through SearchTools, a new
           one of each a round (nothing cached): ordinary, twelve letters, the costliest
           12-keyword search with a word that matches nothing (its closest tools computed),
           and twelve keywords that each match but never all together; ms per unit against
           an ordinary search's
           --rounds R (20) --seed S (1)`,
    run: (values) =>
      closestCostBench({
        tools: Number(values.tools ?? 100000),
        rounds: Number(values.rounds ?? 20),
        seed: Number(values.seed),
      }),
  },
];

/** The usage text: one line naming every bench, then each bench's own lines. */
export function benchUsage(): string {
  return [
    `usage: pnpm bench <${BENCHES.map((bench) => bench.name).join('|')}> [options]`,
    ...BENCHES.map((bench) => bench.usage),
    'Make a big catalog with: pnpm catalog:generate -- --tools 10000 --seed 1 --out FILE',
  ].join('\n');
}

/**
 * What `pnpm bench ARGS` does: run a bench, or print the usage (to standard output for
 * `--help`, with exit status 0; to standard error with status 2 for anything it cannot run, an
 * unknown option or a missing bench name, after a line saying why).
 */
export function benchCommand(
  argv: readonly string[],
): { readonly run: Promise<void> } | { readonly usage: string; readonly exitCode: 0 | 2 } {
  // `pnpm bench http -- --rounds 3` passes the `--` on: without dropping it, parseArgs would take
  // every option after it for a positional and ignore it silently.
  const args = argv.filter((arg) => arg !== '--');
  if (args.includes('--help') || args.includes('-h')) return { usage: benchUsage(), exitCode: 0 };
  let parsed: ReturnType<
    typeof parseArgs<{ options: typeof BENCH_OPTIONS; allowPositionals: true }>
  >;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: BENCH_OPTIONS });
  } catch (error) {
    // parseArgs's advice about `--` does not apply: `--` is dropped above.
    const why = (error as Error).message.split('. ')[0];
    return { usage: `bench: ${why}\n${benchUsage()}`, exitCode: 2 };
  }
  const [name, argument] = parsed.positionals;
  const bench = BENCHES.find((candidate) => candidate.name === name);
  const run = bench?.run(parsed.values, argument);
  if (run !== undefined) return { run };
  const why =
    bench !== undefined
      ? `bench: ${name} needs more options`
      : name === undefined
        ? 'bench: which bench?'
        : `bench: no bench is named ${JSON.stringify(name)}`;
  return { usage: `${why}\n${benchUsage()}`, exitCode: 2 };
}
