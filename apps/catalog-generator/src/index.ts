export { generateTools } from './catalog-generator.js';
export type { GeneratorOptions } from './catalog-generator.js';
export { writeCatalog } from './catalog-writer.js';
export type { CatalogSummary } from './catalog-writer.js';
export { parseCliArguments, USAGE } from './cli-arguments.js';
export type { CliArgumentError, CliCommand } from './cli-arguments.js';
export { Prng } from './prng.js';
