import { MongoCatalogSource } from '../../src/catalog/mongo-catalog-source.js';
import { validateCatalogDocument } from '@reviews/adapters-persistence/testing';
import { describeCatalogSourceContract } from '@reviews/application/testing';
import {
  MONGODB_TEST_SERVER,
  describeWithMongo,
  openTestDatabase,
} from '../../../../test/mongodb/mongodb-test-database.js';
import { writeRawPublication } from './mongo-raw-publication.js';

describeWithMongo()(`on ${MONGODB_TEST_SERVER}`, () => {
  describeCatalogSourceContract('MongoCatalogSource', async () => {
    const database = await openTestDatabase('catalog_contract');
    const empty = await openTestDatabase('catalog_empty');
    const source = new MongoCatalogSource(database.connection.db);
    return {
      source,
      publish: async (raw) => {
        let valid;
        try {
          valid = validateCatalogDocument(raw);
        } catch {
          await writeRawPublication(database.connection.db, raw as { tools: unknown[] });
          return;
        }
        await source.publish(valid);
      },
      nothingPublished: () => new MongoCatalogSource(empty.connection.db),
      close: async () => {
        await database.drop();
        await empty.drop();
      },
    };
  });
});
