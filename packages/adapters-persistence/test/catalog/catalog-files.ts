import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A scratch directory under the OS temp dir for catalog files; `remove()` deletes it. */
export async function aScratchDirectory(): Promise<{
  write(name: string, content: string | Uint8Array | object): Promise<string>;
  remove(): Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'catalog-test-'));
  return {
    async write(name, content) {
      const path = join(dir, name);
      const data =
        typeof content === 'string' || content instanceof Uint8Array
          ? content
          : JSON.stringify(content, null, 2);
      await writeFile(path, data);
      return path;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
