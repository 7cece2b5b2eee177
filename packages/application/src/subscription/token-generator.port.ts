/** A fresh token as it goes into a link, and the hash under which it is stored. */
export interface GeneratedToken {
  readonly token: string;
  readonly hash: string;
}

/**
 * Makes the tokens of confirmation and unsubscribe links
 * (docs/api.md#newsletter-signup-double-opt-in): at least 128 random bits from a cryptographic
 * source, URL-safe, and a deterministic one-way hash so that the store holds only hashes and a
 * presented token is looked up by `hash(token)`.
 */
export interface TokenGenerator {
  generate(): GeneratedToken;
  hash(token: string): string;
}
