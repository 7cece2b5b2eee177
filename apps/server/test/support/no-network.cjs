/* global process */
// Preloaded (node --require) into a child process that must work offline: any attempt to reach
// the network is written to stderr as "NETWORK ATTEMPT" and fails, so a test can assert none.
const net = require('node:net');
const dns = require('node:dns');

function refuse(what) {
  process.stderr.write(`NETWORK ATTEMPT: ${what}\n`);
  throw new Error(`network access is disabled here (${what})`);
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  const target = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (target && typeof target === 'object' && typeof target.path === 'string') {
    return connect.apply(this, args);
  }
  return refuse(`connect ${JSON.stringify(target)}`);
};
dns.lookup = (host) => refuse(`dns lookup ${host}`);
dns.promises.lookup = async (host) => refuse(`dns lookup ${host}`);
