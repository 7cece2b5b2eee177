import { afterAll, describe, expect, it } from '@jest/globals';
import { forEachSearchedText, PostingsCollector } from '@reviews/domain';
import { aCatalog, aReview, aTool } from '@reviews/domain/testing';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileSortedBatchStore } from '../../src/publication/file-sorted-batch-store.js';

const work = mkdtempSync(path.join(tmpdir(), 'reviews-batch-store-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('FileSortedBatchStore', () => {
  it('gives back any run of any batch it kept, and leaves no file behind', () => {
    const store = new FileSortedBatchStore(work);
    // No name is left in the directory: only the open descriptor reaches the file.
    expect(readdirSync(work)).toEqual([]);
    const batches = [
      Uint32Array.from({ length: 1000 }, (_, i) => i * 7),
      new Uint32Array(0),
      Uint32Array.from([0xffffffff, 1, 2, 3]),
    ];
    for (const batch of batches) store.keep(batch);

    const into = new Uint32Array(20).fill(9);
    store.copy(0, 500, 510, into, 3);
    store.copy(2, 0, 4, into, 15);
    expect([...into]).toEqual([
      9, 9, 9, 3500, 3507, 3514, 3521, 3528, 3535, 3542, 3549, 3556, 3563, 9, 9, 0xffffffff, 1, 2,
      3, 9,
    ]);
    store.clear();
    store.clear();
    expect(() => store.copy(0, 0, 1, into, 0)).toThrow();
  });

  it('sorts every batch into the same array, grown only for a longer batch', () => {
    const store = new FileSortedBatchStore(work);
    const first = store.allocate(100);
    first.fill(5);
    store.keep(first);
    const second = store.allocate(60);
    expect(second.buffer).toBe(first.buffer);
    second.fill(6);
    store.keep(second);
    expect(store.allocate(200).buffer).not.toBe(first.buffer);
    // What was kept was written out: reusing the array changed nothing kept.
    const into = new Uint32Array(3);
    store.copy(0, 98, 100, into, 0);
    store.copy(1, 0, 1, into, 2);
    expect([...into]).toEqual([5, 5, 6]);
    store.clear();
  });

  it('lets a collector build the same postings as in memory', () => {
    const tools = aCatalog(
      ...Array.from({ length: 60 }, (_, i) =>
        aTool()
          .withId(`tool-${i}`)
          .named(`Tool ${i % 7}`)
          .withReviews(
            aReview()
              .withId(`r-${i}`)
              .withLikes(`fast ${i % 5} and small ${i}`),
          ),
      ),
    ).tools;
    const collect = (collector: PostingsCollector) => {
      for (const tool of tools) {
        collector.startTool();
        forEachSearchedText(tool, (field, text) => collector.addText(field, text));
      }
      return collector.finish();
    };
    const store = new FileSortedBatchStore(work);
    const inMemory = collect(new PostingsCollector({ batchPairs: 50 }));
    const onFile = collect(new PostingsCollector({ batchPairs: 50, store }));
    expect([...onFile.entries]).toEqual([...inMemory.entries]);
    expect([...onFile.offsets]).toEqual([...inMemory.offsets]);
    expect(onFile.dictionary.terms).toEqual(inMemory.dictionary.terms);
    expect(onFile.entries.length).toBeGreaterThan(200);
  });
});
