import type { LivePublication, ServiceProfile } from '@reviews/application';
import { createHash } from 'node:crypto';

/**
 * What a read body is made of, known before any search runs: the live publication (its id is a
 * fingerprint of its content) and the configured profile (base address, notice, rights). With
 * the canonical request it determines the body, so it can stand in for the body in an ETag and a
 * 304 can be decided without running the use case (docs/api.md#caching-and-etags: a conditional
 * request costs next to nothing).
 */
export class ReadValidator {
  private readonly profileFingerprint: string;

  constructor(
    private readonly live: LivePublication,
    profile: ServiceProfile,
  ) {
    this.profileFingerprint = createHash('sha256')
      .update(JSON.stringify(profile))
      .digest('base64url');
  }

  /** Undefined until a catalog is published: nothing can be current then. */
  contentVersion(): string | undefined {
    const publication = this.live.current();
    return publication === undefined ? undefined : `${publication.id}:${this.profileFingerprint}`;
  }

  /** Whether the detail resource of `id` exists (for `If-None-Match: *`): a map lookup. */
  toolExists(id: string): boolean {
    return this.live.current()?.findTool(id) !== undefined;
  }
}
