import { frameLabel, loadWindow, type ProfileNode } from '../profile/cpu-profile-summary.js';

/** Where a server's CPU went, as shares of the busy samples of its load window. */
export interface Breakdown {
  readonly parts: ReadonlyMap<Part, number>;
  /** The frames that used most CPU themselves in the parts no rule names (`other`), with shares. */
  readonly otherFrames: ReadonlyArray<readonly [string, number]>;
}

type Part =
  'match' | 'excerpts' | 'serialization' | 'compression' | 'HTTP' | 'garbage collection' | 'other';

/**
 * The part a frame's code belongs to, or undefined to ask its caller. A sample counts for the
 * part of the innermost frame that names one, so `JSON.stringify` (a native frame with no file)
 * counts where it was called from.
 */
function partOf(node: ProfileNode): Part | undefined {
  const { functionName, url } = node.callFrame;
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (/domain\/dist\/search\/(tool-excerpt|excerpt-window|keyword-text-match)/.test(url))
    return 'excerpts';
  if (/domain\/dist\/search\//.test(url)) return 'match';
  if (url === 'node:zlib' || url.startsWith('node:internal/zlib') || /compression/.test(url))
    return 'compression';
  if (/response-frame|json-body|serializ|etag/.test(url) || functionName === 'stringify')
    return 'serialization';
  if (/^node:(_http|net|internal\/(http|stream|net|streams))/.test(url)) return 'HTTP';
  return undefined;
}

/** The shares by part of the samples of `file` taken `between` two times (see `loadWindow`). */
export function cpuBreakdown(file: string, between: readonly [number, number]): Breakdown {
  const { byId, parent, samples } = loadWindow(file, between);
  const counts = new Map<Part, number>();
  const other = new Map<string, number>();
  for (const id of samples) {
    let part: Part = 'other';
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const found = partOf(byId.get(at)!);
      if (found !== undefined) {
        part = found;
        break;
      }
    }
    counts.set(part, (counts.get(part) ?? 0) + 1);
    if (part === 'other') {
      const frame = frameLabel(byId.get(id)!);
      other.set(frame, (other.get(frame) ?? 0) + 1);
    }
  }
  const parts = new Map<Part, number>();
  for (const [part, count] of counts) parts.set(part, count / samples.length);
  const otherFrames = [...other]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([frame, count]): [string, number] => [frame, count / samples.length]);
  return { parts, otherFrames };
}

export function printBreakdown(breakdown: Breakdown, cpuUsPerAnswer: number): void {
  console.log(
    `\nwhere this build's main-thread CPU goes on varied searches (${cpuUsPerAnswer.toFixed(0)} µs ` +
      `per answer in all threads, profiled run)`,
  );
  const percent = (share: number) => `${(100 * share).toFixed(1).padStart(6)} %`;
  for (const [part, share] of [...breakdown.parts].sort((a, b) => b[1] - a[1]))
    console.log(`${part.padEnd(20)}${percent(share)}`);
  console.log('\nin "other", the frames that used most CPU themselves');
  for (const [frame, share] of breakdown.otherFrames) console.log(`${percent(share)}  ${frame}`);
}
