import { FileCatalogSource } from '@reviews/adapters-persistence';
import { freezeTool, Publication, type Tool } from '@reviews/domain';
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
 * The main-thread step of a reload (`Publication.fromSnapshot` over tools received from the
 * worker), in one process, on fresh structured clones of the same tools: as before (the
 * constructor freezes every tool and review list at once) and as now (each slice frozen as it
 * arrives with `freezeTool`, then the constructor). Reports wall and CPU time of the step that
 * cannot be sliced and the longest freezing slice.
 */
export async function reloadBench(options: { catalog: string; rounds: number }): Promise<void> {
  const { document, fingerprint } = await new FileCatalogSource(options.catalog).load();
  const snapshot = Publication.publish(fingerprint, document).snapshot();
  console.log(`catalog: ${options.catalog} (${snapshot.tools.length} tools)`);
  console.log(
    'round   before: fromSnapshot wall/cpu ms   now: fromSnapshot wall/cpu ms   longest freeze slice ms',
  );
  for (let round = 1; round <= options.rounds; round++) {
    const unfrozen = structuredClone(snapshot.tools) as Tool[];
    const before = timed(() => Publication.fromSnapshot({ ...snapshot, tools: unfrozen }));
    const arriving = structuredClone(snapshot.tools) as Tool[];
    let longestSlice = 0;
    for (let i = 0; i < arriving.length; i += SLICE_TOOLS) {
      const slice = timed(() => {
        for (const tool of arriving.slice(i, i + SLICE_TOOLS)) freezeTool(tool);
      });
      longestSlice = Math.max(longestSlice, slice.wallMs);
    }
    const now = timed(() => Publication.fromSnapshot({ ...snapshot, tools: arriving }));
    console.log(
      `${String(round).padStart(5)}   ${fixed(before.wallMs)} / ${fixed(before.cpuMs)}             ${fixed(now.wallMs)} / ${fixed(now.cpuMs)}          ${fixed(longestSlice)}`,
    );
  }
}
