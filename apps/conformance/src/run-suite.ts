import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { classify, type Check, type ScenarioVerdict } from './classify.js';
import type { SuiteRelease } from './toolchain.js';

/**
 * Runs one suite release against `mcpUrl` with the Node 22 binary and classifies every scenario
 * it ran, from the `checks.json` files it writes (one directory per scenario).
 */
export async function runSuite(
  node: string,
  entry: string,
  suite: SuiteRelease,
  mcpUrl: string,
  outputDir: string,
): Promise<ScenarioVerdict[]> {
  await rm(outputDir, { recursive: true, force: true });
  const child = spawn(
    node,
    [entry, 'server', '--url', mcpUrl, ...suite.args, '--output-dir', outputDir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await once(child, 'exit');

  const directories = await readdir(outputDir).catch(() => [] as string[]);
  if (directories.length === 0) {
    throw new Error(`conformance ${suite.version} produced no results:\n${log.slice(-4000)}`);
  }
  const verdicts: ScenarioVerdict[] = [];
  for (const directory of directories.sort()) {
    const scenario = directory.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T.*$/, '');
    const checks = JSON.parse(
      await readFile(path.join(outputDir, directory, 'checks.json'), 'utf8'),
    ) as Check[];
    verdicts.push(classify(scenario, checks));
  }
  return verdicts;
}
