/**
 * The plan whose hosted checkout the user left for. The provider's page returns to My
 * Subscription without saying what happened there, so the app remembers what was bought and
 * confirms it once the subscription shows that plan (the provider's signed event has arrived).
 * Session storage: one tab's checkout, gone with the tab.
 */
const KEY = 'platen.pendingCheckout';

export const rememberCheckout = (planType: string) => {
  sessionStorage.setItem(KEY, planType);
};

/** The plan just bought, once, when the subscription now shows it; else undefined. */
export const takeConfirmedCheckout = (currentPlanType: string): string | undefined => {
  const pending = sessionStorage.getItem(KEY);
  if (pending !== currentPlanType) return undefined;
  sessionStorage.removeItem(KEY);
  return pending;
};
