export { writeCatalog } from './catalog-writer.js';
export { parseCliArguments } from './cli-arguments.js';
