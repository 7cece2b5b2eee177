import { createHash, randomBytes } from 'node:crypto';
import type { GeneratedToken, TokenGenerator } from '@reviews/application';

/**
 * Tokens of 256 random bits from the operating system's CSPRNG, base64url (43 characters), and
 * their SHA-256 as lowercase hex. A fast unsalted hash suffices: the input is random and long,
 * so there is nothing to guess or precompute.
 */
export class NodeCryptoTokenGenerator implements TokenGenerator {
  generate(): GeneratedToken {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: this.hash(token) };
  }

  hash(token: string): string {
    return createHash('sha256').update(token, 'utf8').digest('hex');
  }
}
