import {
  createPostgresTestDatabase,
  describeWithPostgres,
} from '../../../../test/postgres/postgres-test-database.js';
import { describeTwoInstances } from '../support/two-instances-suite.js';

await describeTwoInstances('PostgreSQL', await describeWithPostgres(), async () => {
  const database = await createPostgresTestDatabase('two_instances');
  return {
    env: { DATABASE_URL: database.url },
    catalogLine: 'the live publication in PostgreSQL (DATABASE_URL)',
    drop: () => database.drop(),
  };
});
