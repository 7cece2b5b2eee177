import { describe, expect, it } from '@jest/globals';
import { LivePublication } from '@reviews/application';
import { Publication } from '@reviews/domain';
import { aCatalog } from '@reviews/domain/testing';
import { PublicationFollower } from '../src/catalog/publication-follower.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('PublicationFollower', () => {
  it('republishes only when the live id differs, one republish at a time, once more for ids seen meanwhile', async () => {
    const live = new LivePublication();
    live.replace(Publication.publish('p1', aCatalog()));
    const releases: Array<() => void> = [];
    let calls = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const follower = new PublicationFollower(
      live,
      async () => {
        calls++;
        concurrent++;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await new Promise<void>((resolve) => releases.push(resolve));
        concurrent--;
      },
      () => undefined,
    );

    follower.seen('p1');
    expect(calls).toBe(0);
    follower.seen('p2');
    follower.seen('p2');
    follower.seen('p3');
    await settle();
    expect(calls).toBe(1);
    releases.shift()!();
    await settle();
    expect(calls).toBe(2); // p2/p3 were seen while the first republish ran
    releases.shift()!();
    await follower.idle();
    expect(calls).toBe(2);
    expect(maxConcurrent).toBe(1);
  });

  it('reports a failed republish and tries again at the next sighting', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const follower = new PublicationFollower(
      new LivePublication(),
      async () => {
        if (fail) throw new Error('pruned while loading');
      },
      (error) => errors.push(error),
    );
    follower.seen('p1');
    await follower.idle();
    expect(errors).toHaveLength(1);
    fail = false;
    follower.seen('p1');
    await follower.idle();
    expect(errors).toHaveLength(1);
  });
});
