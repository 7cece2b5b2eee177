export { startServer } from './server.js';
export type { RunningServer } from './server.js';
export { ConfigurationError, loadConfig } from './config/server-config.js';
export type { ServerConfig } from './config/server-config.js';
export { createLogger } from './logging/logger.js';
