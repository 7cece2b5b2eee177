import { readFileSync } from 'node:fs';

interface ProfileNode {
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

/**
 * `pnpm bench profile FILE.cpuprofile`: where a server's CPU went during the load run of a
 * `pnpm bench http --profile DIR` run. The window is the longest stretch of 100 ms buckets over
 * half busy after the last sample of the start-up index build, so start-up and the references'
 * turns are left out. Prints self and inclusive shares of the busy samples in that window;
 * `match` (a regular expression) filters the inclusive list.
 */
export function cpuProfileSummary(file: string, top: number, match: string | undefined): void {
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

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const b = bucketOf(i);
    if (b < best[0] || b > best[1] || isIdle(id)) return;
    total++;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = label(byId.get(at)!);
      if (at === id) self.set(name, (self.get(name) ?? 0) + 1);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
    }
  });

  const share = (count: number) => `${((100 * count) / total).toFixed(1).padStart(5)} %`;
  const seconds = ((best[1] - best[0] + 1) * BUCKET_US) / 1e6;
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

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url
    .replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '')
    .replace(/^.*\/(packages|apps)\//, '$1/');
  return `${functionName || '(anonymous)'} ${where}${where === '' ? '' : `:${lineNumber + 1}`}`;
}
