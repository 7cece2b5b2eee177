export { ConfigurationError, loadConfig } from './config/server-config.js';
export type { ServerConfig } from './config/server-config.js';
export { environmentSchema } from './config/config.schema.js';
export { SAMPLE_CATALOG_FILE } from './default-paths.js';
export { builtScriptBeside } from './built-script.js';
export { indexSnapshotStore } from './indexing/index-snapshots.js';
export { indexingAheadWorkerScript, WorkerIndexingAhead } from './indexing/indexing-ahead.js';
export { speedUpIndexing } from './indexing/indexing-speed-up.js';
export { indexingAheadOfImport, prebuildIndexSnapshot } from './indexing/prebuilt-index.js';
