import type { Clock } from '@reviews/application';
import { Container } from 'inversify';
import type { ServerConfig } from '@reviews/service-common';
import { ServiceLifecycle } from '../lifecycle/service-lifecycle.js';
import type { Logger } from '../logging/logger.js';
import { bindApp } from './app.bindings.js';
import { bindCatalog } from './catalog.bindings.js';
import { bindHttp } from './http.bindings.js';
import { bindMetrics } from './metrics.bindings.js';
import { bindSharedStorage } from './storage.bindings.js';
import { bindRateLimits } from './rate-limit.bindings.js';
import { bindSubscription } from './subscription.bindings.js';
import { TOKENS } from './tokens.js';
import { bindConstant } from './typed-binding.js';

const systemClock: Clock = { now: () => new Date() };

/**
 * Wires every port to its adapter from the configuration. Bindings are factories over typed
 * tokens (`typed-binding.ts`: each dependency named, each checked against its token's type), so no class of the core carries a decorator; each factory is given what it needs (the
 * container is asked once, for `TOKENS.App`); everything is a singleton, and async resources are
 * resolved at boot and released by `unbindAllAsync()` on shutdown.
 */
export function createContainer(config: ServerConfig, logger: Logger): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  bindConstant(container, TOKENS.Clock, systemClock);
  bindSharedStorage(container, config);
  bindConstant(container, TOKENS.ServiceLifecycle, new ServiceLifecycle());
  bindCatalog(container, config, logger);
  bindRateLimits(container, config, logger);
  bindSubscription(container, config, logger);
  bindHttp(container, config, logger);
  bindMetrics(container, config);
  bindApp(container);
  return container;
}
