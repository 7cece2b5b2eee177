/**
 * Runs async tasks one at a time, in call order (a promise-chain mutex). A failed task does not
 * stop the ones queued after it.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
