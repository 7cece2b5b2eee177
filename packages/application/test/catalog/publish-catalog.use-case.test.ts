import { describe, expect, it } from '@jest/globals';
import { aCatalog, aTool } from '@reviews/domain/testing';
import { CatalogInvalidError } from '../../src/catalog/catalog-invalid.error.js';
import type { CatalogSource, LoadedCatalog } from '../../src/catalog/catalog-source.port.js';
import { LivePublication } from '../../src/catalog/live-publication.js';
import { PublishCatalog } from '../../src/catalog/publish-catalog.use-case.js';
import type { PublicationBuilder } from '../../src/catalog/publication-builder.port.js';
import { Publication } from '@reviews/domain';

/** A builder whose builds finish when the test says so. */
class GatedBuilder implements PublicationBuilder {
  builds = 0;
  private readonly gates: Array<() => void> = [];
  build(): Promise<Publication> {
    this.builds++;
    const id = `built-${this.builds}`;
    return new Promise((resolve) =>
      this.gates.push(() => resolve(Publication.publish(id, aCatalog(aTool())))),
    );
  }
  /** Lets the oldest unfinished build finish. */
  release(): void {
    this.gates.shift()?.();
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A catalog source whose next answer the test decides. */
class ScriptedCatalogSource implements CatalogSource {
  next: LoadedCatalog | Error = new Error('nothing scripted');
  load(): Promise<LoadedCatalog> {
    return this.next instanceof Error ? Promise.reject(this.next) : Promise.resolve(this.next);
  }
}

/** A publication live from the source, with later reloads held by a gated builder. */
async function publishedFirstWithGatedBuilder() {
  const source = new ScriptedCatalogSource();
  source.next = { document: aCatalog(aTool()), fingerprint: 'first' };
  const live = new LivePublication();
  const builder = new GatedBuilder();
  const publish = new PublishCatalog(source, live, builder);
  await publish.execute();
  return { live, builder, publish };
}

describe('PublishCatalog', () => {
  it('makes the loaded catalog the live publication, with the fingerprint as its id', async () => {
    const source = new ScriptedCatalogSource();
    const live = new LivePublication();
    source.next = { document: aCatalog(aTool().withReviewCount(2)), fingerprint: 'f1' };
    expect(await new PublishCatalog(source, live).execute()).toEqual({
      publicationId: 'f1',
      tools: 1,
      reviews: 2,
      requests: 1,
    });
    expect(live.current()?.id).toBe('f1');
  });

  it('keeps the previous publication live when the new catalog is invalid', async () => {
    const source = new ScriptedCatalogSource();
    const live = new LivePublication();
    const publish = new PublishCatalog(source, live);
    source.next = { document: aCatalog(aTool()), fingerprint: 'good' };
    await publish.execute();
    source.next = new CatalogInvalidError([{ path: '$.tools[0].id', message: 'bad' }]);
    await expect(publish.execute()).rejects.toBeInstanceOf(CatalogInvalidError);
    expect(live.current()?.id).toBe('good');
  });

  it('builds the first publication from the source and later ones with the next builder', async () => {
    const { live, builder, publish } = await publishedFirstWithGatedBuilder();
    expect(builder.builds).toBe(0);
    const second = publish.execute();
    await tick();
    builder.release();
    expect((await second).publicationId).toBe('built-1');
    expect(live.current()?.id).toBe('built-1');
  });

  it('coalesces reloads that arrive while one runs into one follow-up that answers them all', async () => {
    const { builder, publish } = await publishedFirstWithGatedBuilder();

    const first = publish.execute();
    const more = [publish.execute(), publish.execute(), publish.execute(), publish.execute()];
    await tick();
    expect(builder.builds).toBe(1);
    builder.release();
    expect(await first).toMatchObject({ publicationId: 'built-1', requests: 1 });
    await tick();
    expect(builder.builds).toBe(2); // the follow-up started after the first ended, not before
    builder.release();
    const answers = await Promise.all(more);
    expect(answers.map((a) => a.publicationId)).toEqual(Array(4).fill('built-2'));
    expect(answers[0]?.requests).toBe(4);
    expect(builder.builds).toBe(2);

    // Idle again: the next request builds at once.
    const later = publish.execute();
    await tick();
    builder.release();
    expect((await later).publicationId).toBe('built-3');
  });

  it('runs the follow-up even when the reload before it failed', async () => {
    const source = new ScriptedCatalogSource();
    source.next = { document: aCatalog(aTool()), fingerprint: 'first' };
    const live = new LivePublication();
    let failNext = true;
    const builder: PublicationBuilder = {
      build: () =>
        failNext
          ? ((failNext = false), Promise.reject(new Error('source down')))
          : Promise.resolve(Publication.publish('recovered', aCatalog(aTool()))),
    };
    const publish = new PublishCatalog(source, live, builder);
    await publish.execute();
    const failing = publish.execute();
    const followUp = publish.execute();
    await expect(failing).rejects.toThrow('source down');
    expect((await followUp).publicationId).toBe('recovered');
  });
});
