import { describe, expect, it } from '@jest/globals';
import { aCatalog, aTool } from '@reviews/domain/testing';
import { CatalogInvalidError } from '../../src/catalog/catalog-invalid.error.js';
import type { CatalogSource, LoadedCatalog } from '../../src/catalog/catalog-source.port.js';
import { LivePublication } from '../../src/catalog/live-publication.js';
import { PublishCatalog } from '../../src/catalog/publish-catalog.use-case.js';

/** A catalog source whose next answer the test decides. */
class ScriptedCatalogSource implements CatalogSource {
  next: LoadedCatalog | Error = new Error('nothing scripted');
  load(): Promise<LoadedCatalog> {
    return this.next instanceof Error ? Promise.reject(this.next) : Promise.resolve(this.next);
  }
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
});
