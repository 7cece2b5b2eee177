import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScenarioVerdict } from './classify.js';
import { runSuite } from './run-suite.js';
import { startServer } from './server-process.js';
import { ensureNode22, ensureSuite, SUITES } from './toolchain.js';

/**
 * `pnpm conformance`: the official MCP conformance suite against the built server, once per
 * protocol generation, with a table of every scenario. Exits 1 when any scenario failed.
 * Everything it needs comes from the npm registry into `.conformance/` (kept between runs).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cacheDir = process.env['CONFORMANCE_CACHE_DIR'] ?? path.join(repoRoot, '.conformance');

function table(generation: string, version: string, verdicts: readonly ScenarioVerdict[]): string {
  const width = Math.max(...verdicts.map((v) => v.scenario.length), 'scenario'.length);
  const lines = [
    `MCP ${generation} — @modelcontextprotocol/conformance@${version}`,
    `${'scenario'.padEnd(width)}  ${'verdict'.padEnd(14)}  checks  note`,
    ...verdicts.map(
      (v) =>
        `${v.scenario.padEnd(width)}  ${v.verdict.padEnd(14)}  ${`${v.passedChecks}/${v.passedChecks + v.failedChecks}`.padStart(6)}  ${v.note}`,
    ),
  ];
  const count = (verdict: string) => verdicts.filter((v) => v.verdict === verdict).length;
  lines.push(
    `${count('passed')} passed, ${count('failed')} failed, ${count('not applicable')} not applicable`,
    '',
  );
  return lines.join('\n');
}

async function main(): Promise<number> {
  const node = await ensureNode22(cacheDir);
  const entries = await Promise.all(SUITES.map((suite) => ensureSuite(cacheDir, suite)));
  const server = await startServer(repoRoot);
  let failed = 0;
  try {
    for (const [index, suite] of SUITES.entries()) {
      const entry = entries[index];
      if (entry === undefined) continue;
      console.log(
        `Running conformance ${suite.version} for ${suite.generation} against ${server.mcpUrl}…`,
      );
      const verdicts = await runSuite(
        node,
        entry,
        suite,
        server.mcpUrl,
        path.join(cacheDir, 'results', suite.generation),
      );
      console.log(table(suite.generation, suite.version, verdicts));
      failed += verdicts.filter((v) => v.verdict === 'failed').length;
    }
  } finally {
    await server.stop();
  }
  console.log(
    failed === 0
      ? 'Every applicable scenario passed for both generations.'
      : `${failed} scenario(s) failed; details in ${path.join(cacheDir, 'results')}.`,
  );
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
