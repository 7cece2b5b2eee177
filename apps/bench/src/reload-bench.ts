import { FileCatalogSource } from '@reviews/adapters-persistence';
import { ArrivingTools, freezeTool, Publication, type Tool } from '@reviews/domain';
import { performance } from 'node:perf_hooks';

/** Tools per slice when freezing as they arrive: about what one 400 KB transfer slice carries. */
const SLICE_TOOLS = 40;

function timed(run: () => void): { wallMs: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  run();
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

const fixed = (n: number): string => n.toFixed(1).padStart(7);

/**
 * The main-thread step of a reload (putting the publication together over tools received from
 * the worker), in one process, on fresh structured clones of the same tools, three ways: the
 * constructor freezing every tool at once (`fromSnapshot` on unfrozen tools), each slice frozen
 * as it arrives then `fromSnapshot` (the design until 24 Nov), and each slice frozen, listed,
 * mapped and counted by `ArrivingTools` then `fromArrivedTools` (now). Reports wall and CPU time
 * of the step that cannot be sliced and the longest slice of the current way.
 */
export async function reloadBench(options: { catalog: string; rounds: number }): Promise<void> {
  const { document, fingerprint } = await new FileCatalogSource(options.catalog).load();
  const snapshot = Publication.publish(fingerprint, document).snapshot();
  const head = { id: snapshot.id, publishedAt: snapshot.publishedAt, index: snapshot.index };
  console.log(`catalog: ${options.catalog} (${snapshot.tools.length} tools)`);
  console.log(
    'round   all at once: wall/cpu ms   frozen as they arrive: wall/cpu ms   now (ArrivingTools): wall/cpu ms   longest slice now ms',
  );
  for (let round = 1; round <= options.rounds; round++) {
    const unfrozen = structuredClone(snapshot.tools) as Tool[];
    const atOnce = timed(() => Publication.fromSnapshot({ ...snapshot, tools: unfrozen }));
    const frozenAsTheyArrive = structuredClone(snapshot.tools) as Tool[];
    for (let i = 0; i < frozenAsTheyArrive.length; i += SLICE_TOOLS)
      for (const tool of frozenAsTheyArrive.slice(i, i + SLICE_TOOLS)) freezeTool(tool);
    const frozenFirst = timed(() =>
      Publication.fromSnapshot({ ...snapshot, tools: frozenAsTheyArrive }),
    );
    const received = structuredClone(snapshot.tools) as Tool[];
    const arriving = new ArrivingTools();
    let longestSlice = 0;
    for (let i = 0; i < received.length; i += SLICE_TOOLS) {
      const slice = timed(() => {
        for (const tool of received.slice(i, i + SLICE_TOOLS)) arriving.add(tool);
      });
      longestSlice = Math.max(longestSlice, slice.wallMs);
    }
    const now = timed(() => Publication.fromArrivedTools(head, arriving.complete(received.length)));
    console.log(
      `${String(round).padStart(5)}   ${fixed(atOnce.wallMs)} / ${fixed(atOnce.cpuMs)}       ${fixed(frozenFirst.wallMs)} / ${fixed(frozenFirst.cpuMs)}                 ${fixed(now.wallMs)} / ${fixed(now.cpuMs)}              ${fixed(longestSlice)}`,
    );
  }
}
