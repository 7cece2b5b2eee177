import { FileCatalogSource } from '@reviews/adapters-persistence';
import { Publication } from '@reviews/domain';
import { SERVER_MAIN } from '@reviews/server/testing';
import autocannon from 'autocannon';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedCatalog } from '../generated-catalog.js';
import { median } from '../percentiles.js';
import { sampleQueries, sampleSearches, type SampledQuery } from '../query-sampler.js';
import {
  benchServiceEnv,
  serverMainIn,
  startServerLoggingTo,
  type LoggingServer,
} from '../server-process.js';
import { cpuBreakdown, printBreakdown } from './cpu-breakdown.js';
import { differentialCheck } from './differential.js';
import { BATCHES, countInstructions, figureCells, figureHeads } from './instruction-counts.js';

/** With `--compare`: how many distinct sampled searches both builds are asked before the rounds. */
const DIFFERENTIAL_SEARCHES = 400;

/** With `--instructions`: searches asked before counting, and searches counted. */
const INSTRUCTIONS_WARM_UP = 2000;
const INSTRUCTIONS_MEASURED = 1000;
const GZIP: Readonly<Record<string, string>> = { 'accept-encoding': 'gzip' };
const IDENTITY: Readonly<Record<string, string>> = {};

const REFERENCE_MAIN = fileURLToPath(new URL('./flexsearch-server.js', import.meta.url));

interface VariedBenchOptions {
  readonly catalog: string | undefined;
  readonly tools: number;
  readonly queries: number;
  readonly sampler: 'issue' | 'project';
  /** `none` (the reference never compresses) or `gzip`. */
  readonly encoding: 'none' | 'gzip';
  readonly seconds: number;
  readonly connections: number;
  readonly rounds: number;
  readonly seed: number;
  /** Another checkout's root (built): its server runs beside this one, alternating. */
  readonly compare: string | undefined;
  /** After the rounds, profile this build under the same load and print where its CPU went. */
  readonly breakdown: boolean;
  /** Only the breakdown: no reference, no rounds (to look at this build alone, quickly). */
  readonly breakdownOnly: boolean;
  /**
   * Instead of the rounds: instructions per answer under callgrind, of this build and the
   * `compare` build, for both samplers, with and without gzip.
   */
  readonly instructions: boolean;
}

interface Figures {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly cpuUsPerAnswer: number;
}

interface Subject {
  readonly name: string;
  readonly server: LoggingServer;
}

/**
 * `pnpm bench varied`: varied (mostly uncached) searches on this service, side by side with the
 * FlexSearch reference (`flexsearch-server.ts`) and, with `compare`, another build of the
 * service; each in its own process, the same request sequence for each within a round, a fresh
 * sequence every round (a new seed), the servers' order turning every round. Prints req/s,
 * p50/p99, CPU per answer and the ratios per round and their medians.
 */
export async function variedBench(options: VariedBenchOptions): Promise<void> {
  const catalog = options.catalog ?? (await generatedCatalog(options.tools, 1)).file;
  const loaded = await new FileCatalogSource(catalog).load();
  const publication = Publication.publish(loaded.fingerprint, loaded.document);
  const sequenceOf = (sampler: VariedBenchOptions['sampler'], seed: number): string[] => {
    const sample = sampler === 'issue' ? sampleSearches : sampleQueries;
    return sample(publication, options.queries, seed).map(searchPath);
  };
  const sequence = (seed: number): string[] => sequenceOf(options.sampler, seed);

  const workDir = await mkdtemp(join(tmpdir(), 'bench-varied-'));
  const subjects: Subject[] = [];
  try {
    const serviceEnv = (dataDir: string): NodeJS.ProcessEnv =>
      benchServiceEnv(catalog, dataDir, { MAX_CONNECTIONS_PER_CLIENT: '0' });
    const warmUp = sequence(options.seed * 1000 + 999).slice(0, 5000);
    const breakdown = () =>
      profiledBreakdown(options, serviceEnv, workDir, warmUp, sequence(options.seed * 1000 + 500));
    if (options.breakdownOnly) return await breakdown();
    if (options.instructions)
      return await instructionCounts(options, serviceEnv, workDir, sequenceOf);
    const builds: Array<[string, string]> = [['ours', SERVER_MAIN]];
    if (options.compare !== undefined)
      builds.push([options.compare, serverMainIn(options.compare)]);
    for (const [name, main] of builds) {
      const dataDir = await mkdtemp(join(workDir, 'data-'));
      const server = await startServerLoggingTo(main, join(dataDir, 'server.log'), {
        env: serviceEnv(dataDir),
      });
      subjects.push({ name, server });
    }
    if (subjects.length === 2) {
      // Before any request is cached: the same answers, byte for byte, headers included.
      const sample = [...new Set(sequence(options.seed * 1000 + 777))].slice(
        0,
        DIFFERENTIAL_SEARCHES,
      );
      const compared = await differentialCheck(
        subjects[0]!.server.url,
        subjects[1]!.server.url,
        sample,
      );
      console.log(
        `differential: ${compared} answers of ours and ${options.compare} compared, all the same`,
      );
    }
    const reference = await startServerLoggingTo(REFERENCE_MAIN, join(workDir, 'reference.log'), {
      args: [catalog],
    });
    subjects.push({ name: 'FlexSearch', server: reference });

    const first = sequence(options.seed * 1000);
    const distinct = new Set(first).size / first.length;
    console.log(
      `catalog ${catalog}\n${options.queries} sampled searches a round (${options.sampler} sampler, ` +
        `${(100 * distinct).toFixed(0)} % distinct), Accept-Encoding: ${options.encoding}, ` +
        `${options.rounds} rounds of ${options.seconds} s per server, ${options.connections} connections`,
    );
    // Warm-up (not measured): JIT and pools, on a sequence no round asks again.
    for (const subject of subjects) await run(subject, warmUp, 3, options);

    const rounds: Array<Map<string, Figures>> = [];
    for (let round = 0; round < options.rounds; round++) {
      const paths = sequence(options.seed * 1000 + round);
      const figures = new Map<string, Figures>();
      for (const subject of turned(subjects, round))
        figures.set(subject.name, await run(subject, paths, options.seconds, options));
      rounds.push(figures);
      printRound(round + 1, subjects, figures);
    }
    printMedians(subjects, rounds);

    if (options.breakdown) await breakdown();
  } finally {
    for (const subject of subjects.reverse()) await subject.server.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * This build once more, with `--cpu-prof`: warmed up, then driven with `paths` for the run's
 * length; prints where its CPU went during that run.
 */
async function profiledBreakdown(
  options: VariedBenchOptions,
  serviceEnv: (dataDir: string) => NodeJS.ProcessEnv,
  workDir: string,
  warmUp: readonly string[],
  paths: readonly string[],
): Promise<void> {
  const profileDir = await mkdtemp(join(workDir, 'profile-'));
  const dataDir = await mkdtemp(join(workDir, 'data-'));
  const profiled = await startServerLoggingTo(SERVER_MAIN, join(dataDir, 'server.log'), {
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
    env: serviceEnv(dataDir),
  });
  const subject = { name: 'ours (profiled)', server: profiled };
  try {
    await run(subject, warmUp, 3, options);
    const nowUs = () => Number(process.hrtime.bigint() / 1000n);
    const from = nowUs();
    const figures = await run(subject, paths, options.seconds, options);
    const to = nowUs();
    await profiled.stop();
    const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
    if (file === undefined) throw new Error('the profiled server wrote no profile');
    printBreakdown(cpuBreakdown(join(profileDir, file), [from, to]), figures.cpuUsPerAnswer);
  } finally {
    await profiled.stop();
  }
}

/**
 * `--instructions`: each build in one server under callgrind, the builds side by side (counts do
 * not depend on the machine's load), is asked, for both samplers, without and with gzip, in that
 * order, a warm-up sequence (`INSTRUCTIONS_WARM_UP` searches), then `INSTRUCTIONS_MEASURED`
 * searches, counted. Each of the four parts draws its own sequences (round 1's and round 2's
 * seeds for the counted ones), so that no part is answered from the lists an earlier part left
 * in the index's cache; prints the instructions per answer and their ratio to this build's, all
 * of them and without V8's garbage collector (whose share moves with where a major collection
 * falls in the counted part).
 */
async function instructionCounts(
  options: VariedBenchOptions,
  serviceEnv: (dataDir: string) => NodeJS.ProcessEnv,
  workDir: string,
  sequenceOf: (sampler: VariedBenchOptions['sampler'], seed: number) => string[],
): Promise<void> {
  const builds: Array<[string, string]> = [['ours', SERVER_MAIN]];
  if (options.compare !== undefined) builds.push([options.compare, serverMainIn(options.compare)]);
  const combinations = (['issue', 'project'] as const).flatMap((sampler) =>
    (['none', 'gzip'] as const).map((encoding, round) => ({ sampler, encoding, round })),
  );
  const phases = combinations.map(({ sampler, encoding, round }) => ({
    warmUp: sequenceOf(sampler, options.seed * 1000 + 998 - round).slice(0, INSTRUCTIONS_WARM_UP),
    measured: sequenceOf(sampler, options.seed * 1000 + round).slice(0, INSTRUCTIONS_MEASURED),
    headers: encoding === 'gzip' ? GZIP : IDENTITY,
  }));
  // One build after the other: a server's timers (the log's flush every 50 ms) run by the clock,
  // so a server slowed down by another one beside it would count more of them an answer.
  const counts: Array<Awaited<ReturnType<typeof countInstructions>>> = [];
  for (const [, main] of builds) {
    const dataDir = await mkdtemp(join(workDir, 'data-'));
    counts.push(await countInstructions(main, serviceEnv(dataDir), dataDir, phases));
  }
  console.log(
    `instructions per answer (callgrind, every thread): ${INSTRUCTIONS_WARM_UP} searches of ` +
      `warm-up, then ${INSTRUCTIONS_MEASURED} counted (round 1's sequence without gzip, round 2's with) ` +
      `in ${BATCHES} batches, the median of the batches' figures, one at a time over one ` +
      `connection; in brackets a figure divided by ours (above 1: ours executes fewer)\n` +
      `${'sampler'.padEnd(9)}${'encoding'.padEnd(10)}` +
      builds.map(([name]) => figureHeads(name)).join(''),
  );
  for (const [at, { sampler, encoding }] of combinations.entries()) {
    const ours = counts[0]![at]!;
    const cells = counts.map((build, i) => figureCells(build[at], i === 0 ? undefined : ours));
    console.log(`${sampler.padEnd(9)}${encoding.padEnd(10)}${cells.join('')}`);
  }
}

/** The REST search of one sampled query. */
function searchPath(query: SampledQuery): string {
  const params = new URLSearchParams({ q: query.q });
  if (query.category !== undefined) params.set('category', query.category);
  return `/api/v1/tools?${params.toString()}`;
}

/** `subjects` rotated by `round`, so that each runs first in turn. */
function turned<T>(subjects: readonly T[], round: number): T[] {
  return subjects.map((_, i) => subjects[(i + round) % subjects.length]!);
}

/** Drives `paths` in order (wrapping) over `connections` keep-alive connections for `seconds`. */
async function run(
  subject: Subject,
  paths: readonly string[],
  seconds: number,
  options: VariedBenchOptions,
): Promise<Figures> {
  let next = 0;
  const cpuBefore = subject.server.cpuMs();
  const result = await autocannon({
    url: subject.server.url,
    connections: options.connections,
    duration: seconds,
    headers: options.encoding === 'gzip' ? { 'accept-encoding': 'gzip' } : {},
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          request.path = paths[next++ % paths.length]!;
          return request;
        },
      },
    ],
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${subject.name}: ${failed} failed answers`);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    cpuUsPerAnswer: ((subject.server.cpuMs() - cpuBefore) * 1000) / result.requests.total,
  };
}

const row = (name: string, f: Figures): string =>
  `${name.padEnd(40)}${f.requestsPerSecond.toFixed(0).padStart(8)}${f.p50Ms.toFixed(1).padStart(8)}` +
  `${f.p99Ms.toFixed(1).padStart(8)}${f.cpuUsPerAnswer.toFixed(0).padStart(12)}`;
const header = `${'server'.padEnd(40)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'CPU µs/ans'.padStart(12)}`;

function printRound(round: number, subjects: readonly Subject[], figures: Map<string, Figures>) {
  console.log(`\nround ${round}\n${header}`);
  for (const { name } of subjects) console.log(row(name, figures.get(name)!));
  const reference = figures.get('FlexSearch')!.requestsPerSecond;
  for (const { name } of subjects.filter((s) => s.name !== 'FlexSearch'))
    console.log(
      `${name} / FlexSearch: ${(figures.get(name)!.requestsPerSecond / reference).toFixed(2)}`,
    );
}

function printMedians(subjects: readonly Subject[], rounds: ReadonlyArray<Map<string, Figures>>) {
  const of = (name: string, key: keyof Figures) => median(rounds.map((f) => f.get(name)![key]));
  console.log(`\nmedian of ${rounds.length} rounds (ratios taken per round)\n${header}`);
  for (const { name } of subjects)
    console.log(
      row(name, {
        requestsPerSecond: of(name, 'requestsPerSecond'),
        p50Ms: of(name, 'p50Ms'),
        p99Ms: of(name, 'p99Ms'),
        cpuUsPerAnswer: of(name, 'cpuUsPerAnswer'),
      }),
    );
  for (const { name } of subjects.filter((s) => s.name !== 'FlexSearch')) {
    const ratio = median(
      rounds.map((f) => f.get(name)!.requestsPerSecond / f.get('FlexSearch')!.requestsPerSecond),
    );
    console.log(`${name} / FlexSearch: ${ratio.toFixed(2)} (req/s)`);
  }
}
