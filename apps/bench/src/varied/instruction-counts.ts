import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startServerLoggingTo } from '../server-process.js';
import { callgrindTotals, type InstructionTotals } from './callgrind-totals.js';

const run = promisify(execFile);

/**
 * The measured answers of a phase are counted in this many batches, and each figure's median is
 * taken: the server's timers (the mail outbox's sweep every 30 s, the log's flush) run whenever
 * they fall due, and under callgrind one sweep costs as much as hundreds of cached answers.
 */
export const BATCHES = 5;

/** A phase's instructions per answer, each figure the median of its batches' own. */
export interface InstructionFigures {
  /** Every instruction of every thread. */
  readonly all: number;
  /** Without V8's garbage collector, whose share moves with where a major collection falls. */
  readonly withoutCollector: number;
  /**
   * Without the collector and V8's compilers, which compile a function when its calls reach a
   * budget, in one batch and not the next: the answers' own work, the figure that repeats.
   */
  readonly answering: number;
}

/** A part of the count: requests asked first (not counted), then requests counted. */
interface CountedPhase {
  readonly warmUp: readonly string[];
  readonly measured: readonly string[];
  readonly headers: Readonly<Record<string, string>>;
  /** `GET` (by default), or `POST` with `body` (an MCP call). */
  readonly method?: 'GET' | 'POST';
  readonly body?: string;
}

/**
 * Starts `main` under `valgrind --tool=callgrind` with instrumentation off and, phase after
 * phase, asks it the phase's warm-up (not counted: the JIT and the pools settle), waits until the
 * process is idle (`settled`), then counts the instructions the process executes (`Ir`, every
 * thread) while it answers the phase's measured requests, in `BATCHES` batches; returns, by
 * phase, the medians of the batches' counts per answer: all, without V8's garbage collector, and
 * without its compilers either (`InstructionFigures`). Requests go one at a time over one
 * keep-alive connection, so two builds asked the same phases do the same work and their answering
 * counts compare within a few per cent, whatever else the machine runs.
 */
export async function countInstructions(
  main: string,
  env: NodeJS.ProcessEnv,
  workDir: string,
  phases: readonly CountedPhase[],
  /** The script's arguments (a reference server's). */
  args: readonly string[] = [],
): Promise<InstructionFigures[]> {
  const outDir = await mkdtemp(join(workDir, 'callgrind-'));
  const outFile = join(outDir, 'callgrind.out');
  // valgrind names the pipes callgrind_control talks through after USER and HOST (the latter is
  // also the service's listen address): the server and the control get the same values.
  const names = { USER: env.USER ?? 'root', HOST: env.HOST ?? 'localhost' };
  const server = await startServerLoggingTo(main, join(outDir, 'server.log'), {
    args: [...args],
    env: { ...env, ...names },
    wrapper: [
      'valgrind',
      '--tool=callgrind',
      '--instr-atstart=no',
      // V8 rewrites the code it generated; valgrind must notice, or it runs stale translations.
      '--smc-check=all-non-file',
      `--callgrind-out-file=${outFile}`,
    ],
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const control = async (flag: string): Promise<void> => {
    const { stdout } = await run('callgrind_control', [flag, String(server.pid)], {
      env: { ...process.env, ...names },
    });
    if (!stdout.includes('OK.')) throw new Error(`callgrind_control ${flag}: ${stdout}`);
  };
  /** The instructions of the next `paths` answers, all threads, per answer. */
  const counted = async (
    paths: readonly string[],
    phase: CountedPhase,
  ): Promise<InstructionTotals> => {
    await control('--zero');
    await control('--instr=on');
    for (const path of paths) await ask(agent, server.url, path, phase);
    await control('--instr=off');
    const before = new Set(await readdir(outDir));
    await control('--dump');
    const dumps = (await readdir(outDir)).filter(
      (f) => f.startsWith('callgrind.out') && !before.has(f),
    );
    let all = 0;
    let garbageCollector = 0;
    let compiler = 0;
    for (const dump of dumps) {
      const totals = callgrindTotals(await readFile(join(outDir, dump), 'utf8'));
      all += totals.all;
      garbageCollector += totals.garbageCollector;
      compiler += totals.compiler;
    }
    if (all === 0) throw new Error(`callgrind wrote no counts in ${outDir}`);
    const perPath = (count: number) => count / paths.length;
    return {
      all: perPath(all),
      garbageCollector: perPath(garbageCollector),
      compiler: perPath(compiler),
    };
  };
  const perAnswer: InstructionFigures[] = [];
  try {
    for (const phase of phases) {
      for (const path of phase.warmUp) await ask(agent, server.url, path, phase);
      await settled(server.pid);
      const size = Math.ceil(phase.measured.length / BATCHES);
      const batches: InstructionTotals[] = [];
      for (let at = 0; at < phase.measured.length; at += size)
        batches.push(await counted(phase.measured.slice(at, at + size), phase));
      perAnswer.push({
        all: median(batches.map(({ all }) => all)),
        withoutCollector: median(batches.map((b) => b.all - b.garbageCollector)),
        answering: median(batches.map((b) => b.all - b.garbageCollector - b.compiler)),
      });
    }
    return perAnswer;
  } finally {
    agent.destroy();
    await server.stop(60_000);
  }
}

/** Column width of a figure (`figureCells`). */
const FIGURE_WIDTH = 24;
const FIGURES = [
  ['all', 'all'],
  ['withoutCollector', 'without GC'],
  ['answering', 'without GC, compilers'],
] as const;

/** The heads of one build's columns (`figureCells`), its name on the first. */
export function figureHeads(name: string): string {
  return FIGURES.map(([, head], i) =>
    (i === 0 ? `${name.slice(-(FIGURE_WIDTH - 6))}: ${head}` : head).padStart(FIGURE_WIDTH),
  ).join('');
}

/**
 * One build's figures, each followed in brackets by it divided by ours' (above 1: ours executes
 * fewer) unless `ours` is undefined (the build is ours); blanks when there is no count.
 */
export function figureCells(
  count: InstructionFigures | undefined,
  ours: InstructionFigures | undefined,
): string {
  return FIGURES.map(([figure]) => {
    if (count === undefined) return ''.padStart(FIGURE_WIDTH);
    const share = ours === undefined ? '' : ` (${(count[figure] / ours[figure]).toFixed(3)})`;
    return `${Math.round(count[figure]).toLocaleString('en')}${share}`.padStart(FIGURE_WIDTH);
  }).join('');
}

/** The middle value (of an odd count; the upper middle otherwise). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Waits until the process `pid` runs no more than a tick in half a second: the server's own
 * background work (writing its index snapshot, indexing ahead in its worker), which under
 * callgrind lasts many seconds, must not be counted in the answers asked next.
 */
async function settled(pid: number): Promise<void> {
  const ticks = async () => {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, the 14th and 15th fields of stat(5), 12th and 13th after the name.
    return Number(fields[11]) + Number(fields[12]);
  };
  const deadline = Date.now() + 300_000;
  let before = await ticks();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await ticks();
    if (now - before <= 1) return;
    if (Date.now() > deadline) throw new Error(`process ${pid} did not settle in 300 s`);
    before = now;
  }
}

/** One request of `phase`, its body read to the end; throws on any status but 200. */
function ask(agent: Agent, base: string, path: string, phase: CountedPhase): Promise<void> {
  const { headers, method = 'GET', body } = phase;
  return new Promise((done, fail) => {
    const req = request(new URL(path, base), { agent, headers, method }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200 ? done() : fail(new Error(`${path}: ${res.statusCode}`)),
      );
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(body);
  });
}
