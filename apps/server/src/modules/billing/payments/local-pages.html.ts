import { formatEuros } from '@platen/contract';
import type { PlanRecord } from '../lifecycle/plans.repository.ts';
import { centsToEuros } from '../usage/money.ts';
import type { ProviderSubscription } from '../lifecycle/provider-subscription.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
// Money as the app shows it (`€9.99`), from the one formatter both use.
const euros = (cents: number) => formatEuros(centsToEuros(cents));
const day = (date: Date) => date.toISOString().slice(0, 10);

// Inline styles only: the CSP allows them, and scripts are not needed for two buttons.
const STYLE = `body{font-family:system-ui,sans-serif;background:#f1f3f5;color:#1a1b1e;margin:0}
main{max-width:420px;margin:4rem auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.25rem;margin:0 0 .25rem}.note{color:#868e96;font-size:.85rem}
.price{font-size:2rem;font-weight:700;margin:1rem 0}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}
dt{color:#868e96}dd{margin:0}form{display:inline}.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button,a.button{font:inherit;border:0;border-radius:8px;padding:.6rem 1.2rem;cursor:pointer;text-decoration:none}
.primary{background:#228be6;color:#fff}.secondary{background:#e9ecef;color:#1a1b1e}`;

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}
<p class="note">Local payment provider: no card is charged. Set STRIPE_SECRET_KEY to take real payments.</p>
</main></body></html>`;

const button = (o: { action: string; token: string; label: string; primary?: boolean }) =>
  `<form method="post" action="${o.action}"><input type="hidden" name="token" value="${escapeHtml(o.token)}">` +
  `<button type="submit" class="${o.primary ? 'primary' : 'secondary'}">${escapeHtml(o.label)}</button></form>`;

export const checkoutPage = (o: { plan: PlanRecord; token: string; prefix: string }) =>
  page(
    `Subscribe to ${o.plan.subscriptionType}`,
    `<h1>Subscribe to ${escapeHtml(o.plan.subscriptionType)}</h1>
<p class="note">${escapeHtml(o.plan.description)}</p>
<p class="price">${euros(o.plan.priceCents)} <span class="note">per month</span></p>
<dl><dt>Documents</dt><dd>${o.plan.monthlyLimit} a month</dd>
<dt>Extra documents</dt><dd>${euros(o.plan.overagePriceCents)} each</dd>
<dt>Support</dt><dd>${escapeHtml(o.plan.support)}</dd></dl>
<div class="actions">${button({ action: `${o.prefix}/checkout/pay`, token: o.token, label: 'Pay', primary: true })}
${button({ action: `${o.prefix}/checkout/cancel`, token: o.token, label: 'Cancel' })}</div>`,
  );

export const portalPage = (o: {
  plan: PlanRecord | undefined;
  sub: ProviderSubscription | undefined;
  token: string;
  prefix: string;
  returnUrl: string;
}) => {
  const back = `<a class="button secondary" href="${escapeHtml(o.returnUrl)}">Back to Platen</a>`;
  if (!o.sub || !o.plan) {
    return page(
      'Billing portal',
      `<h1>Billing portal</h1><p>You have no paid subscription.</p>${back}`,
    );
  }
  const action = o.sub.cancelAtPeriodEnd
    ? button({
        action: `${o.prefix}/portal/resume`,
        token: o.token,
        label: 'Resume subscription',
        primary: true,
      })
    : button({
        action: `${o.prefix}/portal/cancel`,
        token: o.token,
        label: 'Cancel at period end',
      });
  const renewal = o.sub.cancelAtPeriodEnd ? 'Ends on' : 'Renews on';
  return page(
    'Billing portal',
    `<h1>Billing portal</h1>
<dl><dt>Plan</dt><dd>${escapeHtml(o.plan.subscriptionType)} · ${euros(o.plan.priceCents)} a month</dd>
<dt>${renewal}</dt><dd>${day(o.sub.currentPeriodEnd)}</dd></dl>
<div class="actions">${action}${back}</div>`,
  );
};

export const messagePage = (title: string, message: string, returnUrl: string) =>
  page(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>` +
      `<a class="button secondary" href="${escapeHtml(returnUrl)}">Back to Platen</a>`,
  );
