/**
 * Test support for the driving adapters' tests: a real server on a loopback port.
 * Published as `@reviews/http-common/testing`; never used by production code.
 */
export { onLoopback } from './loopback-server.js';
export type { LoopbackServer } from './loopback-server.js';
