export { startServer } from './server.js';
export type { RunningServer } from './server.js';
export { ConfigurationError, loadConfig, type ServerConfig } from '@reviews/service-common';
export { createLogger } from './logging/logger.js';
