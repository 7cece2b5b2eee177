export { startServer } from './server.js';
export { loadConfig } from './config/server-config.js';
export { createLogger } from './logging/logger.js';
