/**
 * Runs one `for…in` over a string, once per thread, before any indexing. Measured on Node 20
 * (V8 11.3): a thread that has never done so indexes a catalog about twice as slowly, its
 * compiled scanner leaving `charCodeAt` and the small helpers around it out of line (10k tools,
 * `Publication.publish` in a plain script: 3.9–4.6 s of CPU without, 1.7–1.9 s with; the
 * CPU profile without shows `codeAt` and `equalsFoldedRange` as functions of their own). Only
 * a `for…in` over a string (primitive or `String` object) does it: over a plain object, `Object.keys` of a `String` object, or
 * `charCodeAt` with string indices change nothing, and no V8 protector is invalidated by it.
 * The main thread always ran it by accident (the `debug` module that `compression` loads picks
 * its colours that way); the publication worker, which indexes every reload, did not. Returns
 * the keys' total length, so that the loop is not code without effect.
 */
export function speedUpIndexing(): number {
  const text: object = Object('v8'); // a String object: TypeScript refuses `for…in` over 'v8'
  let keys = 0;
  for (const key in text) keys += key.length;
  return keys;
}
