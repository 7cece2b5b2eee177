import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './support/server-process.js';

/**
 * Comments and messages cite the repository's own docs (`docs/api.md#limits`), never a document
 * a reader of a clone does not have: the specification and its decision record that the service
 * was built from live outside the repository.
 */

const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'coverage']);
const SOURCE_EXTENSIONS = /\.(ts|mts|cts|js|mjs|cjs|json|sh|ya?ml)$/;

/** Every source, test, script and manifest file under `dir` (recursively). */
function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRECTORIES.has(entry.name) ? [] : sourceFiles(full);
    return SOURCE_EXTENSIONS.test(entry.name) || dir.endsWith('.ci') ? [full] : [];
  });
}

/** The code of the workspace: packages and apps (sources, tests, manifests), root scripts, CI. */
function workspaceFiles(): string[] {
  const members = ['packages', 'apps'].flatMap((group) =>
    readdirSync(path.join(REPO_ROOT, group)).map((name) => path.join(REPO_ROOT, group, name)),
  );
  const rootFiles = readdirSync(REPO_ROOT)
    .map((name) => path.join(REPO_ROOT, name))
    .filter((file) => statSync(file).isFile() && SOURCE_EXTENSIONS.test(file));
  return [
    ...members.flatMap(sourceFiles),
    ...sourceFiles(path.join(REPO_ROOT, 'test')),
    ...sourceFiles(path.join(REPO_ROOT, '.ci')),
    ...rootFiles,
  ].filter((file) => !file.endsWith('.json') || path.basename(file) === 'package.json');
}

const relative = (file: string) => path.relative(REPO_ROOT, file);

/**
 * Citations of documents outside the repository: a section sign after "contract" or "spec", or
 * the files' names. Built from parts so that this file does not match itself.
 */
const OUTSIDE_CITATIONS = [
  new RegExp(`\\b(contract|spec)\\b\\W{0,4}\\s*\\u00a7`, 'gi'),
  new RegExp(['agent', 'resources'].join('-'), 'gi'),
  new RegExp(`(contract|service-spec|style)\\.md`, 'gi'),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces become hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (fenced code left out; repeats get `-1`, `-2`). */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading?.[1] === undefined) continue;
    const base = headingAnchor(heading[1]);
    const repeats = seen.get(base) ?? 0;
    seen.set(base, repeats + 1);
    anchors.add(repeats === 0 ? base : `${base}-${repeats}`);
  }
  return anchors;
}

/** What is wrong with a link to `page` (repository-relative) and `anchor`, or null. */
function brokenLink(page: string, anchor: string | undefined): string | null {
  const file = path.join(REPO_ROOT, page);
  if (!existsSync(file)) return `${page} does not exist`;
  if (anchor === undefined || anchor === '') return null;
  return anchorsOf(readFileSync(file, 'utf8')).has(anchor)
    ? null
    : `${page} has no heading with the anchor #${anchor}`;
}

const DOC_CITATION = /\b((?:docs\/[\w.-]+|README)\.md)(?:#([\w-]+))?/g;
const MARKDOWN_LINK = /\]\(([^)\s]*)\)/g;

/** Markdown prose: fenced blocks and inline code left out, so only real links remain. */
const prose = (markdown: string) =>
  markdown.replace(/^(```|~~~)[^]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');

describe('citations in code and docs', () => {
  it('tells anchors apart the way GitHub does', () => {
    expect(headingAnchor('Newsletter signup (double opt-in)')).toBe(
      'newsletter-signup-double-opt-in',
    );
    expect(headingAnchor('What `pnpm bench http` does')).toBe('what-pnpm-bench-http-does');
    expect([...anchorsOf('# A\n```sh\n# not a heading\n```\n## B c\n## B c\n')]).toEqual([
      'a',
      'b-c',
      'b-c-1',
    ]);
  });

  it('never cite a document outside the repository', () => {
    const files = workspaceFiles();
    expect(files.length).toBeGreaterThan(300);
    const offenders = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return OUTSIDE_CITATIONS.flatMap((pattern) =>
        [...text.matchAll(pattern)].map((match) => {
          const line = text.slice(0, match.index).split('\n').length;
          return `${relative(file)}:${line}: ${match[0].replace(/\s+/g, ' ')}`;
        }),
      );
    });
    expect(offenders).toEqual([]);
  });

  it('cite only pages and headings of docs/ that exist', () => {
    const cited = workspaceFiles().flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(DOC_CITATION)].map((match) => ({
        where: relative(file),
        page: match[1] ?? '',
        anchor: match[2],
      })),
    );
    expect(cited.length).toBeGreaterThan(100);
    const broken = cited.flatMap(({ where, page, anchor }) => {
      const problem = brokenLink(page, anchor);
      return problem === null ? [] : [`${where}: ${problem}`];
    });
    expect(broken).toEqual([]);
  });

  it('link between the README and docs/ only to pages and headings that exist', () => {
    const pages = [
      'README.md',
      ...readdirSync(path.join(REPO_ROOT, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`),
    ];
    const links = pages.flatMap((page) =>
      [...prose(readFileSync(path.join(REPO_ROOT, page), 'utf8')).matchAll(MARKDOWN_LINK)]
        .map((match) => match[1] ?? '')
        .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('/'))
        .map((target) => ({ page, target })),
    );
    expect(links.length).toBeGreaterThan(20);
    const broken = links.flatMap(({ page, target }) => {
      const [file = '', anchor] = target.split('#');
      const linked = file === '' ? page : path.posix.join(path.posix.dirname(page), file);
      const problem = linked.endsWith('.md')
        ? brokenLink(linked, anchor)
        : existsSync(path.join(REPO_ROOT, linked))
          ? null
          : `${linked} does not exist`;
      return problem === null ? [] : [`${page}: ${target}: ${problem}`];
    });
    expect(broken).toEqual([]);
  });
});
