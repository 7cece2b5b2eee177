import type { GeneratedToken, TokenGenerator } from '../subscription/token-generator.port.js';

/**
 * Predictable tokens (`token-1`, `token-2`, …) with a visible, deterministic "hash", so tests can
 * both read tokens back from mails and check that only hashes are stored.
 */
export class SequentialTokenGenerator implements TokenGenerator {
  private counter = 0;

  generate(): GeneratedToken {
    this.counter += 1;
    const token = `token-${this.counter}`;
    return { token, hash: this.hash(token) };
  }

  hash(token: string): string {
    return `hashed:${token}`;
  }
}
