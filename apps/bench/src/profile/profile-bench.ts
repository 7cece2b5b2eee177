import { readFileSync } from 'node:fs';

export interface ProfileNode {
  readonly id: number;
  readonly callFrame: { functionName: string; url: string; lineNumber: number };
  readonly children?: readonly number[];
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

const BUCKET_US = 100_000;

/** The busy samples of a profile's load window, with the call tree to walk up from each. */
interface LoadWindow {
  readonly byId: ReadonlyMap<number, ProfileNode>;
  readonly parent: ReadonlyMap<number, number>;
  /** The leaf node of every busy (not idle) sample in the window. */
  readonly samples: readonly number[];
  readonly seconds: number;
}

/**
 * The samples of `file` taken `between` two times (µs of the system's monotonic clock, as
 * `process.hrtime` and V8's profiler read it), when given. Otherwise the window a load run filled:
 * the longest stretch of 100 ms buckets over half
 * busy after the last sample of the start-up index build, so start-up and idle turns are left out.
 */
export function loadWindow(file: string, between?: readonly [number, number]): LoadWindow {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const times: number[] = [];
  let time = profile.startTime;
  for (const delta of profile.timeDeltas) times.push((time += delta));
  const isIdle = (id: number) => byId.get(id)?.callFrame.functionName === '(idle)';
  const under = (id: number, name: string) => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      if (byId.get(at)?.callFrame.functionName === name) return true;
    return false;
  };

  const bucketOf = (i: number) => Math.floor((times[i]! - profile.startTime) / BUCKET_US);
  const buckets = bucketOf(times.length - 1) + 1;
  const busy = new Array<number>(buckets).fill(0);
  const all = new Array<number>(buckets).fill(0);
  let startupEnd = 0;
  profile.samples.forEach((id, i) => {
    const b = bucketOf(i);
    all[b]!++;
    if (!isIdle(id)) busy[b]!++;
    if (under(id, 'buildSearchIndexSnapshot')) startupEnd = b + 1;
  });
  let best: [number, number] = [startupEnd, startupEnd - 1];
  let runStart: number | undefined;
  for (let b = startupEnd; b < buckets; b++) {
    if (all[b]! > 0 && busy[b]! / all[b]! > 0.5) {
      runStart ??= b;
      if (b - runStart > best[1] - best[0]) best = [runStart, b];
    } else runStart = undefined;
  }
  if (between !== undefined) {
    const [from, to] = between;
    const samples = profile.samples.filter(
      (id, i) => times[i]! >= from && times[i]! <= to && !isIdle(id),
    );
    return { byId, parent, samples, seconds: (to - from) / 1e6 };
  }
  const samples = profile.samples.filter((id, i) => {
    const b = bucketOf(i);
    return b >= best[0] && b <= best[1] && !isIdle(id);
  });
  return { byId, parent, samples, seconds: ((best[1] - best[0] + 1) * BUCKET_US) / 1e6 };
}

/**
 * `pnpm bench profile FILE.cpuprofile`: where a server's CPU went during the load run of a
 * `pnpm bench http --profile DIR` run (see {@link loadWindow}). Prints self and inclusive shares
 * of the busy samples in that window; `match` (a regular expression) filters the inclusive list.
 */
export function cpuProfileSummary(file: string, top: number, match: string | undefined): void {
  const { byId, parent, samples, seconds } = loadWindow(file);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const total = samples.length;
  for (const id of samples) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = frameLabel(byId.get(at)!);
      if (at === id) self.set(name, (self.get(name) ?? 0) + 1);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
    }
  }

  const share = (count: number) => `${((100 * count) / total).toFixed(1).padStart(5)} %`;
  console.log(`${file}\nload window ${seconds.toFixed(1)} s, ${total} busy samples`);
  console.log('\nself');
  for (const [name, count] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${share(count)}  ${name}`);
  console.log(`\ninclusive${match === undefined ? '' : ` (matching /${match}/)`}`);
  const filter = match === undefined ? undefined : new RegExp(match);
  for (const [name, count] of [...inclusive]
    .filter(([name]) => filter === undefined || filter.test(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    console.log(`${share(count)}  ${name}`);
}

/** A frame as `function file:line`, the file relative to the workspace or its package. */
export function frameLabel(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url
    .replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '')
    .replace(/^.*\/(packages|apps)\//, '$1/');
  return `${functionName || '(anonymous)'} ${where}${where === '' ? '' : `:${lineNumber + 1}`}`;
}
