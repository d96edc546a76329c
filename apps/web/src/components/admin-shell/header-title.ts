/**
 * product.md#screens-and-routes "Admin layout": the header title by URL, else the title passed in, else the product name.
 * Rules are checked in this order; the first match wins.
 */
const rules: ReadonlyArray<{ matches: (path: string) => boolean; title: string }> = [
  { matches: (path) => path === '/admin', title: 'Dashboard' },
  { matches: (path) => path.startsWith('/admin/templates/'), title: 'Template details' },
  { matches: (path) => path === '/admin/templates', title: 'Templates' },
  { matches: (path) => path === '/admin/settings', title: 'Settings' },
  { matches: (path) => path === '/admin/pricing', title: 'Subscriptions' },
  { matches: (path) => path === '/admin/subscription', title: 'My Subscription' },
  { matches: (path) => path === '/admin/profile', title: 'Profile' },
];

export const headerTitle = (
  pathname: string,
  opts: { passedTitle?: string; productName: string },
): string => {
  // '/admin/profile/' is the same page as '/admin/profile'.
  const path = pathname.length > 1 ? pathname.replace(/(?<!\/)\/+$/, '') : pathname;
  const rule = rules.find((candidate) => candidate.matches(path));
  return rule?.title ?? (opts.passedTitle || opts.productName);
};
