import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './support/server-process.js';

/**
 * One home for each step of the response pipeline: a header or value that
 * a step decides is spelled in one production file, which every path (Express, the cached reads,
 * the server's own refusals, the metrics listener) calls. A second copy is a second rule that
 * the differential tests would have to keep equal.
 */

/** The production sources: `src` of every package and app, tests and builds left out. */
function productionFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'testing' ? [] : walk(full);
      return /\.(ts|mts|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
    });
  return ['packages', 'apps'].flatMap((group) =>
    readdirSync(path.join(REPO_ROOT, group)).flatMap((name) => {
      const src = path.join(REPO_ROOT, group, name, 'src');
      try {
        return walk(src);
      } catch {
        return [];
      }
    }),
  );
}

/** The production files (repository-relative) that spell `literal` as a string literal. */
function filesSpelling(literal: string): string[] {
  const quoted = new RegExp(`['"]${literal}['"]`);
  return productionFiles()
    .filter((file) => quoted.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(REPO_ROOT, file));
}

describe('one home for each response rule', () => {
  it('spells nosniff and its header in one production file, the response pipeline', () => {
    const home = ['packages/http-common/src/response-pipeline.ts'];
    expect(filesSpelling('nosniff')).toEqual(home);
    expect(filesSpelling('X-Content-Type-Options')).toEqual(home);
  });

  it('builds the {error} and JSON-RPC error bodies in one function each (429 and 500 alike)', () => {
    // Code lines only: comments may show the shapes.
    const builds = new RegExp(
      ['(JSON\\.stringify|\\.json)\\(\\{\\s*error:', "jsonrpc:\\s*'2\\.0'"].join('|'),
    );
    // The bench's load generator sends JSON-RPC requests; it answers nothing.
    const builders = productionFiles()
      .filter((file) => !file.includes(`${path.sep}bench${path.sep}`))
      .filter((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .some((line) => !/^\s*(\*|\/\/|\/\*)/.test(line) && builds.test(line)),
      )
      .map((file) => path.relative(REPO_ROOT, file));
    expect(builders).toEqual(['packages/http-common/src/error-bodies.ts']);
  });

  it('sets Vary, and answers 304, in one production file, the response pipeline', () => {
    const decides = /['"]Vary['"]|\bVary:|\.vary\(|\.status\(304\)|statusCode = 304|writeHead\(304/;
    const deciders = productionFiles()
      .filter((file) => !file.includes(`${path.sep}bench${path.sep}`))
      .filter((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .some((line) => !/^\s*(\*|\/\/|\/\*)/.test(line) && decides.test(line)),
      )
      .map((file) => path.relative(REPO_ROOT, file));
    expect(deciders).toEqual(['packages/http-common/src/response-pipeline.ts']);
  });

  it('serializes every error answer of a response through one writer, by route family', () => {
    const writes = /\.json\(\s*(errorBody|jsonRpcError|internalError)\(|\.json\(\{\s*error:/;
    const writers = productionFiles()
      .filter((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .some((line) => writes.test(line)),
      )
      .map((file) => path.relative(REPO_ROOT, file));
    expect(writers).toEqual([]);
  });

  it('decides compression (negotiation, threshold, levels) in one module of the HTTP adapter', () => {
    const decides = /from 'compression'|new Negotiator\(|BROTLI_PARAM_QUALITY|threshold: /;
    const deciders = productionFiles()
      .filter((file) => /(adapters-http|apps)[\\/]/.test(path.relative(REPO_ROOT, file)))
      .filter((file) => !file.includes(`${path.sep}bench${path.sep}`))
      .filter((file) => decides.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(REPO_ROOT, file));
    expect(deciders).toEqual(['packages/adapters-http/src/shared/compression.ts']);
  });

  it('spells the CORS headers of the REST and website paths in one module', () => {
    // `/mcp` answers listed origins only, by its own guard in adapters-mcp.
    const spells = /['"]Access-Control-(Allow-Origin|Expose-Headers|Allow-Methods)['"]/;
    const spellers = productionFiles()
      .filter((file) => /(adapters-http|apps)[\\/]/.test(path.relative(REPO_ROOT, file)))
      .filter((file) => spells.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(REPO_ROOT, file));
    expect(spellers).toEqual(['packages/adapters-http/src/shared/cors.middleware.ts']);
  });

  it('charges the rate-limit quota in one function on every path of the HTTP adapter', () => {
    const charges = /\.charge\(/;
    const chargers = productionFiles()
      .filter((file) => /adapters-http[\\/]/.test(path.relative(REPO_ROOT, file)))
      .filter((file) => charges.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(REPO_ROOT, file));
    expect(chargers).toEqual(['packages/adapters-http/src/shared/request-quota.ts']);
  });

  it('writes the access log line in one step that Express and the answers before it call', () => {
    const logs = /(?<!function )accessLogFor\(req|logger\.info\(\s*\{\s*requestId/;
    const loggers = productionFiles()
      .filter((file) => logs.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(REPO_ROOT, file));
    expect(loggers).toEqual(['packages/adapters-http/src/shared/access-log.middleware.ts']);
  });
});
