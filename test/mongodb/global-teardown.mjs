// Stops what global-setup.mjs started (a FerretDB process and its database, or a container).
export default async function globalTeardown() {
  const started = globalThis.__mongodbTestServer;
  globalThis.__mongodbTestServer = undefined;
  if (started?.stop) await started.stop();
}
