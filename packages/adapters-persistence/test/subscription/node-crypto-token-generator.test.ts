import { describe, expect, it } from '@jest/globals';
import { NodeCryptoTokenGenerator } from '../../src/security/node-crypto-token-generator.js';

describe('NodeCryptoTokenGenerator', () => {
  const generator = new NodeCryptoTokenGenerator();

  it('makes URL-safe tokens of 256 bits, different every time', () => {
    const tokens = Array.from({ length: 100 }, () => generator.generate().token);
    expect(new Set(tokens).size).toBe(100);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
  });

  it('hashes with SHA-256, the same way for generation and lookup', () => {
    const { token, hash } = generator.generate();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(generator.hash(token)).toBe(hash);
    expect(generator.hash('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
