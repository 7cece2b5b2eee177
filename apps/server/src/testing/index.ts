/**
 * Test support: the built server in a child process, for the server's tests, the catalog CLI's
 * and the benches. Published as `@reviews/server/testing`; never used by production code.
 */
export { SERVER_MAIN, startServerProcess } from './server-process.js';
export type { ServerProcess, ServerProcessOptions } from './server-process.js';
