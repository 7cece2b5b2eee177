import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { CatalogSource } from '@reviews/application';

/**
 * One read of a catalog file in a process of its own (so that peak RSS is this read's):
 * `node catalog-read-child.js PERSISTENCE_INDEX FILE [digest]`, where PERSISTENCE_INDEX is the
 * built `packages/adapters-persistence/dist/index.js` of the checkout to measure. Prints one JSON
 * line: wall and CPU time of `FileCatalogSource.load()`, peak RSS, heap used, the fingerprint and,
 * with `digest`, a SHA-256 over the JSON of every tool (to show that two builds read the same).
 */
const [persistenceIndex, file, digest] = process.argv.slice(2);
if (persistenceIndex === undefined || file === undefined) throw new Error('usage: INDEX FILE');
const persistence = (await import(pathToFileURL(persistenceIndex).href)) as {
  FileCatalogSource: new (path: string) => CatalogSource;
};
const cpuBefore = process.cpuUsage();
const started = performance.now();
const { document, fingerprint } = await new persistence.FileCatalogSource(file).load();
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const peak = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
let toolsDigest: string | undefined;
if (digest === 'digest') {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ ...document, tools: document.tools.length }));
  for (const tool of document.tools) hash.update(JSON.stringify(tool));
  toolsDigest = hash.digest('hex').slice(0, 16);
}
console.log(
  JSON.stringify({
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    peakRssBytes: Number(peak ?? 0) * 1024,
    heapUsedBytes: process.memoryUsage().heapUsed,
    tools: document.tools.length,
    fingerprint,
    toolsDigest,
  }),
);
