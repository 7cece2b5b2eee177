import { join } from 'node:path';
import { describeCatalogSourceContract } from '@reviews/application/testing';
import { FileCatalogSource } from '../../src/catalog/file-catalog-source.js';
import { aScratchDirectory } from './catalog-files.js';

describeCatalogSourceContract('FileCatalogSource', async () => {
  const scratch = await aScratchDirectory();
  const path = await scratch.write('catalog.json', '');
  return {
    source: new FileCatalogSource(path),
    publish: async (raw) => {
      await scratch.write('catalog.json', raw as object);
    },
    nothingPublished: () => new FileCatalogSource(join(path, '..', 'missing.json')),
    close: () => scratch.remove(),
  };
});
