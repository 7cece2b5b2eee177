import type { Container } from 'inversify';
import type { ServiceApp } from './service-parts.js';
import { TOKENS } from './tokens.js';
import { bindResolved, optional } from './typed-binding.js';

/**
 * `ServiceApp`, the one object `startServer` asks the container for; resolving it connects what
 * is configured and builds the Express app.
 */
export function bindApp(container: Container): void {
  bindResolved(
    container,
    TOKENS.App,
    {
      publishCatalog: TOKENS.PublishCatalog,
      live: TOKENS.LivePublication,
      searchTools: TOKENS.SearchTools,
      getTool: TOKENS.GetTool,
      mailDispatcher: TOKENS.MailDispatcher,
      lifecycle: TOKENS.ServiceLifecycle,
      httpApp: TOKENS.HttpApp,
      beforeApp: TOKENS.BeforeApp,
      metrics: optional(TOKENS.Metrics),
      observeRateLimiter: TOKENS.ObserveRateLimiter,
      listening: TOKENS.ListeningGate,
      indexSnapshots: TOKENS.IndexSnapshots,
      storage: optional(TOKENS.SharedStorage),
    },
    ({ indexSnapshots: { store }, storage, ...app }): ServiceApp => ({
      ...app,
      snapshotsSaved: async () => store?.idle(),
      publications:
        storage === undefined
          ? undefined
          : { storageName: storage.name, feed: storage.feed, live: app.live },
    }),
  );
}
