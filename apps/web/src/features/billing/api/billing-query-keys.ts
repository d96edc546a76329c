/** Query keys of the billing screens; a mutation invalidates only what it changes. */
export const billingKeys = {
  all: ['billing'] as const,
  plans: ['billing', 'plans'] as const,
  subscription: ['billing', 'subscription'] as const,
  history: ['billing', 'history'] as const,
};
