/** What other code uses of rate-limits: the limiter, and the rules other modules count against. */
export { createRateLimiter, type RateLimiter, type RateRule, rateRules } from './rate-limiter.ts';
