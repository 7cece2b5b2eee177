export { startServer } from './server.js';
export { loadConfig } from '@reviews/service-common';
export { createLogger } from './logging/logger.js';
