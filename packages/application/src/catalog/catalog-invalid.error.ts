import type { CatalogProblem } from './catalog-source.port.js';

/**
 * The catalog read by a `CatalogSource` breaks docs/cli.md#catalog-format. Carries every problem
 * found, not just the first; the message lists them one per line (`<path>: <message>`), so that a
 * process that refuses to start can print it as is. Nothing of an invalid catalog is published.
 */
export class CatalogInvalidError extends Error {
  override readonly name = 'CatalogInvalidError';

  constructor(readonly problems: readonly CatalogProblem[]) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super(
      [
        `The catalog is invalid (${count}):`,
        ...problems.map((p) => `${p.path}: ${p.message}`),
      ].join('\n'),
    );
  }
}
