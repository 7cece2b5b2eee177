#!/usr/bin/env node
import { runAsMain } from './run-program.js';
import { runSubscriptionsCli } from './subscriptions/run-subscriptions-cli.js';

/** `subscriptions <command>` (`pnpm subscriptions …`, or the `reviews-subscriptions` bin). */
runAsMain('subscriptions', runSubscriptionsCli);
