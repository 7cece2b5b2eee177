import type {
  ConfirmSubscription,
  PreviewSubscriptionLink,
  RequestQuota,
  Subscribe,
  Unsubscribe,
} from '@reviews/application';

/** What the pages need to know that is not a use case. Settings of the signup itself
 * (`SIGNUPS_ENABLED`, `SIGNUP_BLOCKED_DOMAINS`, base URL) belong to `Subscribe`. */
interface SubscriptionRouterOptions {
  /** Named on the pages and in the consent sentence. */
  readonly serviceName: string;
  /**
   * `PUBLIC_BASE_URL`: its origin is the only one from which the signup form may be posted
   * (docs/api.md#no-website-can-sign-its-visitors-up); a browser post from any other origin is
   * refused with 403.
   */
  readonly publicBaseUrl: string;
  /**
   * Said below the answer to a signup from the form when mail does not reach an inbox (the
   * embedded outbox writes it to a folder): where to find the confirmation link instead.
   */
  readonly mailNote?: string;
}

/**
 * Dependencies of `createSubscriptionRouter`: the subscription use cases, and the request quota
 * that charges the `signup` bucket (a `RateLimitedQuota` over the app's `RateLimiter`).
 */
export interface SubscriptionRouterDeps {
  readonly subscribe: Pick<Subscribe, 'execute'>;
  readonly confirm: Pick<ConfirmSubscription, 'execute'>;
  readonly unsubscribe: Pick<Unsubscribe, 'execute'>;
  readonly previewLink: Pick<PreviewSubscriptionLink, 'execute'>;
  readonly quota: RequestQuota;
  readonly options: SubscriptionRouterOptions;
}
