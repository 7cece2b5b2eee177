export {
  createSubscriptionRouter,
  isSubscriptionPath,
  subscriptionMethodsFor,
} from './subscription.routes.js';
export type {
  SubscriptionRouterDeps,
  SubscriptionRouterOptions,
} from './subscription-router.deps.js';
export {
  describeBodyIssues,
  subscribeAcceptedSchema,
  subscribeBodySchema,
  subscriptionTokenSchema,
} from './subscription.schemas.js';
export type { SubscribeBody } from './subscription.schemas.js';
