import path from 'node:path';
import { diffCatalogs } from '../catalog/catalog-diff.js';
import { renderCatalogDiff } from '../catalog/catalog-diff-report.js';
import { readCatalogFile } from '../catalog/catalog-file.js';
import { CommandFailure, EXIT, type CliCommand } from '../cli-command.js';

const USAGE = `Usage: catalog diff OLD NEW

Shows what publishing NEW over OLD would change, tools and reviews matched by id:
tools added, removed or changed (name, description, website, category, stacks),
reviews new, revised (a new revisionId) or removed, and reviews whose content
changed while their revisionId did not (printed with "!"). Both files are
validated first; an export of the live catalog ("catalog export --out FILE") is
a valid OLD.

Lines: "+" added or new, "-" removed, "~" changed or revised.

Exit codes: 0 compared (whether or not anything changed), 1 a file is invalid or
unreadable, 2 usage error.`;

export const diffCommand: CliCommand = {
  name: 'diff',
  summary: 'what publishing NEW over OLD would change',
  usage: USAGE,
  options: {},
  positionals: ['OLD', 'NEW'],
  async run(line, io) {
    const [oldFile = '', newFile = ''] = line.files;
    const [previous, next] = await Promise.allSettled([
      readCatalogFile(path.resolve(io.cwd, oldFile), oldFile),
      readCatalogFile(path.resolve(io.cwd, newFile), newFile),
    ]);
    if (previous.status === 'rejected' || next.status === 'rejected') {
      const failures = [previous, next].flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
      if (failures.every((f) => f instanceof CommandFailure)) {
        throw new CommandFailure(failures.map((f: CommandFailure) => f.message).join('\n'));
      }
      throw failures.find((f) => !(f instanceof CommandFailure));
    }
    const diff = diffCatalogs(previous.value.document, next.value.document);
    io.stdout.write(
      renderCatalogDiff(
        { old: oldFile, new: newFile },
        previous.value.document,
        next.value.document,
        diff,
      ),
    );
    return EXIT.ok;
  },
};
