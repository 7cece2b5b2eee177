import { frameLabel, loadWindow, type ProfileNode } from '../profile/profile-bench.js';

/** Where a server's CPU went, as shares of the busy samples of its load window. */
interface Breakdown {
  readonly parts: ReadonlyMap<Part, number>;
  /** Per part, the frames that used most CPU themselves, with their shares of all samples. */
  readonly topFrames: ReadonlyMap<Part, ReadonlyArray<readonly [string, number]>>;
}

type Part =
  | 'match'
  | 'excerpts'
  | 'serialization'
  | 'compression and negotiation'
  | 'validation (zod)'
  | 'logging'
  | 'Express and middleware'
  | 'route code (adapters, use cases)'
  | 'Node HTTP and sockets'
  | 'garbage collection'
  | 'other';

/**
 * The part a frame's code belongs to, or undefined to ask its caller. A sample counts for the
 * part of the innermost frame that names one, so `JSON.stringify` (a native frame with no file)
 * counts where it was called from.
 */
function partOf(node: ProfileNode): Part | undefined {
  const { functionName, url } = node.callFrame;
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (
    /domain\/dist\/search\/(tool-excerpt|excerpt-window|keyword-text-match|review-text-facts)/.test(
      url,
    )
  )
    return 'excerpts';
  if (/domain\/dist\/search\//.test(url)) return 'match';
  if (functionName === 'stringify' || /response-frame|json-body/.test(url)) return 'serialization';
  if (/zlib|compression|negotiator/.test(url)) return 'compression and negotiation';
  if (/node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?zod\//.test(url)) return 'validation (zod)';
  if (/pino|sonic-boom|access-log/.test(url)) return 'logging';
  if (/node_modules\//.test(url)) return 'Express and middleware';
  if (/packages\/[a-z-]+\/dist\//.test(url)) return 'route code (adapters, use cases)';
  if (/^node:(_http|net|internal\/(http|stream|net|streams))/.test(url))
    return 'Node HTTP and sockets';
  return undefined;
}

/** The shares by part of the samples of `file` taken `between` two times (see `loadWindow`). */
export function cpuBreakdown(file: string, between: readonly [number, number]): Breakdown {
  const { byId, parent, samples } = loadWindow(file, between);
  const counts = new Map<Part, number>();
  const frames = new Map<Part, Map<string, number>>();
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
    const frame = frameLabel(byId.get(id)!);
    const ofPart = frames.get(part) ?? new Map<string, number>();
    frames.set(part, ofPart.set(frame, (ofPart.get(frame) ?? 0) + 1));
  }
  const parts = new Map<Part, number>();
  for (const [part, count] of counts) parts.set(part, count / samples.length);
  const topFrames = new Map<Part, Array<[string, number]>>();
  for (const [part, counts] of frames)
    topFrames.set(
      part,
      [...counts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([frame, count]): [string, number] => [frame, count / samples.length]),
    );
  return { parts, topFrames };
}

export function printBreakdown(breakdown: Breakdown, cpuUsPerAnswer: number): void {
  console.log(
    `\nwhere this build's main-thread CPU goes on varied searches (${cpuUsPerAnswer.toFixed(0)} µs ` +
      `per answer in all threads, profiled run)`,
  );
  const percent = (share: number) => `${(100 * share).toFixed(1).padStart(6)} %`;
  for (const [part, share] of [...breakdown.parts].sort((a, b) => b[1] - a[1])) {
    console.log(`${part.padEnd(34)}${percent(share)}`);
    for (const [frame, frameShare] of breakdown.topFrames.get(part) ?? [])
      console.log(`${''.padEnd(6)}${percent(frameShare)}  ${frame}`);
  }
}
