/**
 * Discord's per-route rate limit as the webhook sink applies it: each webhook has a bucket of `limit` requests per
 * fixed window that starts with the first request; every answer names the bucket's state in `X-RateLimit-*`
 * headers, and a request over the limit is refused (429) without being counted.
 */

/** Requests Discord allows per webhook per window. */
export const WEBHOOK_RATE_LIMIT = 5;
/** The window, ms. */
export const WEBHOOK_RATE_WINDOW_MS = 2000;
/** The opaque `X-RateLimit-Bucket` of the execute-webhook route (the same for every webhook, like Discord's). */
export const WEBHOOK_BUCKET = '8b6f4f1c2d3e4a5b6c7d8e9f0a1b2c3d';

/** The outcome of one request against a bucket. */
export interface BucketState {
  /** True when the request may go on (it was counted). */
  allowed: boolean;
  /** Seconds until the window ends (3 decimals), for `retry_after` and `X-RateLimit-Reset-After`. */
  resetAfter: number;
  /** `X-RateLimit-*` headers (and `Retry-After` on a refusal). */
  headers: Record<string, string>;
}

/** Per-webhook buckets. */
export interface WebhookRateLimiter {
  /** Counts one request of `webhookId` (refused ones are not counted). */
  take(webhookId: string): BucketState;
  /** The bucket's state without counting a request (for injected answers). */
  peek(webhookId: string): BucketState;
  /** Forgets every bucket. */
  clear(): void;
}

interface Bucket {
  start: number;
  used: number;
}

const seconds = (ms: number) => Math.round(ms) / 1000;

/** Creates the limiter over the app's clock. */
export function createWebhookRateLimiter(options: {
  now: () => number;
  limit?: number;
  windowMs?: number;
}): WebhookRateLimiter {
  const limit = options.limit ?? WEBHOOK_RATE_LIMIT;
  const windowMs = options.windowMs ?? WEBHOOK_RATE_WINDOW_MS;
  const buckets = new Map<string, Bucket>();

  const current = (id: string, at: number): Bucket => {
    const bucket = buckets.get(id);
    if (bucket && at < bucket.start + windowMs && at >= bucket.start) return bucket;
    // Expired buckets of other webhooks go when the map grows, so unknown ids cannot pile up.
    if (buckets.size > 1000) {
      for (const [key, b] of buckets) if (at >= b.start + windowMs) buckets.delete(key);
    }
    const fresh = { start: at, used: 0 };
    buckets.set(id, fresh);
    return fresh;
  };

  const state = (bucket: Bucket, at: number, allowed: boolean): BucketState => {
    const resetAtMs = bucket.start + windowMs;
    const resetAfter = seconds(resetAtMs - at);
    const headers: Record<string, string> = {
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': String(Math.max(0, limit - bucket.used)),
      'X-RateLimit-Reset': (resetAtMs / 1000).toFixed(3),
      'X-RateLimit-Reset-After': resetAfter.toFixed(3),
      'X-RateLimit-Bucket': WEBHOOK_BUCKET,
    };
    if (!allowed) {
      headers['Retry-After'] = String(Math.max(1, Math.ceil(resetAfter)));
      headers['X-RateLimit-Scope'] = 'user';
    }
    return { allowed, resetAfter, headers };
  };

  return {
    take(id) {
      const at = options.now();
      const bucket = current(id, at);
      if (bucket.used >= limit) return state(bucket, at, false);
      bucket.used += 1;
      return state(bucket, at, true);
    },
    peek(id) {
      const at = options.now();
      const bucket = buckets.get(id);
      const live =
        bucket && at < bucket.start + windowMs && at >= bucket.start ? bucket : { start: at, used: 0 };
      return state(live, at, true);
    },
    clear: () => buckets.clear(),
  };
}
