export {
  createSubscriptionRouter,
  isSubscriptionPath,
  subscriptionMethodsFor,
} from './subscription.routes.js';
