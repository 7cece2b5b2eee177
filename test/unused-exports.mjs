/* global process, console */
/**
 * Fails when a module of `packages/*\/src` or `apps/*\/src` exports a value or type that no other
 * module imports, or when a production module exports something only tests use (that belongs in
 * the package's `./testing` export). Run by `pnpm lint` (`pnpm lint:exports`); about a second.
 *
 * It reads every source, test, fixture and worker of the workspace with the TypeScript parser
 * (no type check) and follows imports, re-exports, `export *`, dynamic `import()`, `import('…')`
 * types, `@reviews/<package>[/subpath]` through each package's `exports`, and imports of built
 * files (`…/dist/….js`, as fixtures and workers load them) back to their sources.
 *
 * Usage: `node test/unused-exports.mjs [--list]`; `--list` prints every export with its users.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const REWORKED_IN_PARALLEL = 'rewritten by another part of issue 28; drop the entry when it lands';
/**
 * Exports kept although nothing outside their module imports them; `file#name` → why. An entry
 * that no longer names such an export is itself a finding, so the list cannot go stale.
 */
const KEEP = new Map([
  [
    'apps/server/src/logging/logger.ts#stdoutDestination',
    "imported by apps/server/test/logging/logger.test.ts's child processes from the built file",
  ],
  ...[
    'packages/adapters-mcp/src/http/json-rpc-error.ts#JSON_RPC_INTERNAL_ERROR',
    'packages/adapters-mcp/src/http/json-rpc-error.ts#JsonRpcErrorBody',
    'packages/adapters-mcp/src/http/mcp.routes.ts#MCP_ENDPOINT_METHODS',
    'packages/adapters-mcp/src/http/mcp.routes.ts#McpRoutesDeps',
    'packages/adapters-mcp/src/http/mcp.routes.ts#SERVER_CARD_METHODS',
    'packages/adapters-mcp/src/http/origin-guard.ts#LOOPBACK_HOSTNAMES',
    'packages/adapters-mcp/src/http/origin-guard.ts#McpOriginPolicy',
    'packages/adapters-mcp/src/http/server-card.routes.ts#SERVER_CARD_CACHE_CONTROL',
    'packages/adapters-mcp/src/http/server-card.ts#SERVER_CARD_SCHEMA_URL',
    'packages/adapters-mcp/src/http/server-card.ts#ServerCard',
  ].map((id) => [id, REWORKED_IN_PARALLEL]),
]);

const SOURCE = /\.(?:ts|mts|mjs|js|cjs)$/;

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !/[/\\](?:node_modules|dist|fixtures[/\\]catalogs?)[/\\]/.test(file));
}

const workspaces = ['packages', 'apps'].flatMap((group) =>
  readdirSync(join(ROOT, group)).map((name) => join(ROOT, group, name)),
);
/** `@reviews/<name>[/subpath]` → source file, from each package's `exports` (dist → src). */
const packageEntries = new Map();
for (const dir of workspaces) {
  const manifest = join(dir, 'package.json');
  if (!existsSync(manifest)) continue;
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  const exportsField = pkg.exports ?? { '.': pkg.main ?? './dist/index.js' };
  for (const [subpath, target] of Object.entries(exportsField)) {
    const built = typeof target === 'string' ? target : target.default;
    const specifier = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
    packageEntries.set(specifier, distToSource(join(dir, built)));
  }
}

function distToSource(file) {
  return file.replace(/([/\\])dist([/\\])/, '$1src$2').replace(/\.js$/, '.ts');
}

function resolveFile(base) {
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts')];
  candidates.push(`${base}.ts`, join(base, 'index.ts'));
  return candidates.find((file) => SOURCE.test(file) && existsSync(file));
}

function resolveSpecifier(from, specifier) {
  if (packageEntries.has(specifier)) return packageEntries.get(specifier);
  if (!specifier.startsWith('.')) return undefined;
  const target = resolve(dirname(from), specifier);
  return resolveFile(distToSource(target)) ?? resolveFile(target);
}

const files = [
  ...workspaces.flatMap((dir) => [...listFiles(join(dir, 'src')), ...listFiles(join(dir, 'test'))]),
  ...listFiles(join(ROOT, 'test')),
];

/** Per file: `exports` name → { type, internal, reexport?: { file, name } }, `stars`, `imports`. */
const modules = new Map();
/** `[file, name | '*', importer]` */
const uses = [];

function hasExportModifier(node) {
  return ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;
}

function declaredNames(node) {
  if (ts.isVariableStatement(node)) {
    return node.declarationList.declarations.flatMap((d) => bindingNames(d.name));
  }
  return node.name ? [node.name.text] : [];
}

function bindingNames(name) {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) =>
    ts.isOmittedExpression(element) ? [] : bindingNames(element.name),
  );
}

/** The names `const { a, b } = await import(…)` takes, or `*` for any other use of the module. */
function destructured(call) {
  const declaration = ts.isAwaitExpression(call.parent) ? call.parent.parent : undefined;
  if (!declaration || !ts.isVariableDeclaration(declaration)) return ['*'];
  if (!ts.isObjectBindingPattern(declaration.name)) return ['*'];
  const names = declaration.name.elements.map((element) => element.propertyName ?? element.name);
  return names.every(ts.isIdentifier) ? names.map((name) => name.text) : ['*'];
}

for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const record = { exports: new Map(), stars: [], identifiers: new Map() };
  modules.set(file, record);
  const declare = (name, type) => record.exports.set(name, { type });

  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const target = statement.moduleSpecifier
        ? resolveSpecifier(file, statement.moduleSpecifier.text)
        : undefined;
      if (!statement.exportClause) {
        if (target) record.stars.push(target);
      } else if (ts.isNamespaceExport(statement.exportClause)) {
        record.exports.set(statement.exportClause.name.text, { type: statement.isTypeOnly });
        if (target) uses.push([target, '*', file]);
      } else {
        for (const element of statement.exportClause.elements) {
          const exported = element.name.text;
          const original = (element.propertyName ?? element.name).text;
          const type = statement.isTypeOnly || element.isTypeOnly;
          if (statement.moduleSpecifier) {
            record.exports.set(exported, {
              type,
              reexport: target ? { file: target, name: original } : undefined,
            });
          } else {
            record.exports.set(exported, { type, local: original });
          }
        }
      }
    } else if (ts.isExportAssignment(statement)) {
      declare('default', false);
    } else if (hasExportModifier(statement)) {
      const isDefault = ts
        .getModifiers(statement)
        .some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
      const type = ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement);
      if (isDefault) declare('default', type);
      else for (const name of declaredNames(statement)) declare(name, type);
    }
  }

  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = resolveSpecifier(file, node.moduleSpecifier.text);
      const clause = node.importClause;
      if (target && clause) {
        if (clause.name) uses.push([target, 'default', file]);
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) uses.push([target, '*', file]);
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            uses.push([target, (element.propertyName ?? element.name).text, file]);
          }
        }
      }
      return;
    }
    if (ts.isExportDeclaration(node)) return;
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const target = resolveSpecifier(file, node.argument.literal.text);
      if (target) {
        const first = node.qualifier
          ? ts.isIdentifier(node.qualifier)
            ? node.qualifier.text
            : ts.getTextOfNode(node.qualifier).split('.')[0]
          : '*';
        uses.push([target, first, file]);
      }
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      const target = resolveSpecifier(file, node.arguments[0].text);
      if (target) for (const name of destructured(node)) uses.push([target, name, file]);
    }
    if (ts.isIdentifier(node)) {
      const parent = node.parent;
      const isDeclarationName =
        parent &&
        'name' in parent &&
        parent.name === node &&
        hasExportModifier(ts.isVariableDeclaration(parent) ? parent.parent.parent : parent);
      const isExportSpecifier = parent && ts.isExportSpecifier(parent);
      if (!isDeclarationName && !isExportSpecifier) {
        record.identifiers.set(node.text, (record.identifiers.get(node.text) ?? 0) + 1);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** `file#name` → set of importing files. */
const users = new Map();
const key = (file, name) => `${file}#${name}`;

function use(file, name, importer, seen = new Set()) {
  const module = modules.get(file);
  if (!module || seen.has(key(file, name))) return;
  seen.add(key(file, name));
  if (name === '*') {
    for (const exported of module.exports.keys()) use(file, exported, importer, seen);
    for (const star of module.stars) use(star, '*', importer, seen);
    return;
  }
  const entry = module.exports.get(name);
  if (entry) {
    if (!users.has(key(file, name))) users.set(key(file, name), new Set());
    users.get(key(file, name)).add(importer);
    if (entry.reexport) use(entry.reexport.file, entry.reexport.name, importer, seen);
    return;
  }
  for (const star of module.stars) use(star, name, importer, seen);
}

for (const [file, name, importer] of uses) use(file, name, importer);

const rel = (file) => relative(ROOT, file).split('\\').join('/');
const isSource = (file) => /^(?:packages|apps)\/[^/]+\/src\//.test(rel(file));
const isTestingModule = (file) => /^(?:packages|apps)\/[^/]+\/src\/testing\//.test(rel(file));
const isProduction = (file) => isSource(file) && !isTestingModule(file);

const findings = [];
const kept = new Set();
const listing = [];
for (const [file, module] of modules) {
  if (!isSource(file)) continue;
  for (const [name, entry] of module.exports) {
    const id = `${rel(file)}#${name}`;
    const importers = [...(users.get(key(file, name)) ?? [])].filter((user) => user !== file);
    listing.push(`${id}${entry.type ? ' (type)' : ''}: ${importers.map(rel).join(', ') || '-'}`);
    const localName = entry.local ?? name;
    const usedInside = !entry.reexport && (module.identifiers.get(localName) ?? 0) > 0;
    let finding;
    if (importers.length === 0) {
      finding = usedInside
        ? 'only used inside its module; drop the `export`'
        : `nothing uses it; delete it${entry.reexport ? ' from the barrel' : ''}`;
    } else if (
      isProduction(file) &&
      !entry.reexport &&
      !usedInside &&
      !importers.some(isProduction)
    ) {
      const tests = importers.map(rel).join(', ');
      finding = `only tests use it (${tests}); move it to the package's ./testing export`;
    }
    if (finding === undefined) continue;
    if (KEEP.has(id)) kept.add(id);
    else findings.push(`${id}: ${finding}`);
  }
}

for (const id of KEEP.keys()) {
  if (!kept.has(id))
    findings.push(`${id}: listed in KEEP but nothing to keep any more; drop the entry`);
}

if (process.argv.includes('--list')) console.log(listing.sort().join('\n'));
if (findings.length > 0) {
  console.error(findings.sort().join('\n'));
  console.error(
    `\n${findings.length} exports nothing outside their module needs (test/unused-exports.mjs)`,
  );
  process.exit(1);
}
console.log(`unused exports: none (${listing.length} exports checked)`);
