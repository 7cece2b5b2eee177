import { connectMongo, MongoCatalogSource } from '@reviews/adapters-persistence';
import { CommandFailure } from '../cli-command.js';

/**
 * Runs `work` with the catalog of the MongoDB server at `url` (`MONGODB_URL`), closing the
 * connection afterwards whatever happens. An unreachable server is a `CommandFailure` naming the
 * host (never the password).
 */
export async function withMongoCatalog<T>(
  url: string,
  work: (catalog: MongoCatalogSource) => Promise<T>,
): Promise<T> {
  let connection;
  try {
    connection = await connectMongo(url, { appName: 'reviews-catalog-cli' });
  } catch (error) {
    throw new CommandFailure(error instanceof Error ? error.message : String(error));
  }
  try {
    return await work(new MongoCatalogSource(connection.db));
  } finally {
    await connection.close();
  }
}
