import { describe, expect, it } from 'vitest';
import { headerTitle } from './header-title.ts';

const title = (path: string, passedTitle?: string) =>
  headerTitle(path, { passedTitle, productName: 'Platen' });

describe('headerTitle', () => {
  it.each([
    ['/admin', 'Dashboard'],
    ['/admin/', 'Dashboard'],
    ['/admin/templates', 'Templates'],
    ['/admin/templates/Invoice', 'Template details'],
    ['/admin/templates/a%2Fb', 'Template details'],
    ['/admin/settings', 'Settings'],
    ['/admin/pricing', 'Subscriptions'],
    ['/admin/subscription', 'My Subscription'],
    ['/admin/profile', 'Profile'],
  ])('gives %s the title %s', (path, expected) => {
    expect(title(path)).toBe(expected);
  });

  it('falls back to the title passed in, then to the product name', () => {
    expect(title('/admin/unknown', 'Billing')).toBe('Billing');
    expect(title('/admin/unknown')).toBe('Platen');
    expect(title('/admin/unknown', '')).toBe('Platen');
  });
});
