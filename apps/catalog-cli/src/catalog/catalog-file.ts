import { CatalogInvalidError, type LoadedCatalog, type ToolObserver } from '@reviews/application';
import { FileCatalogSource } from '@reviews/adapters-persistence';
import { CommandFailure } from '../cli-command.js';

/**
 * Reads and validates a catalog file with the server's own reader (docs/cli.md#catalog-format). An
 * unreadable or invalid file is a `CommandFailure` (exit code 1); for an invalid one its message
 * lists every problem with its JSON path, under the name the user gave (`shownAs`).
 */
export async function readCatalogFile(
  file: string,
  shownAs = file,
  observer?: ToolObserver,
): Promise<LoadedCatalog> {
  try {
    return await new FileCatalogSource(file).load(observer);
  } catch (error) {
    if (error instanceof CatalogInvalidError) {
      throw new CommandFailure(describeProblems(shownAs, error));
    }
    throw new CommandFailure(error instanceof Error ? error.message : String(error));
  }
}

/** The lines printed for an invalid catalog: the file, then one `path: message` per problem. */
function describeProblems(file: string, error: CatalogInvalidError): string {
  const count = error.problems.length === 1 ? '1 problem' : `${error.problems.length} problems`;
  return [
    `${file}: the catalog is invalid (${count}):`,
    ...error.problems.map((p) => `${p.path}: ${p.message}`),
  ].join('\n');
}

/** `40 tools, 123 reviews`. */
export function countLine(document: LoadedCatalog['document']): string {
  const reviews = document.tools.reduce((sum, tool) => sum + tool.reviews.length, 0);
  return `${document.tools.length} tools, ${reviews} reviews`;
}
