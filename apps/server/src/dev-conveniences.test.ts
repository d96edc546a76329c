import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { devConveniences, exposureWarning } from './dev-conveniences.ts';

const secret = 'a'.repeat(40);

describe('development conveniences', () => {
  it('are the mailbox, the local payment pages and an open /metrics, none in production', () => {
    expect(devConveniences(loadConfig({}))).toEqual([
      'the development mailbox /dev/mailbox (reset links and codes)',
      'the local payment pages /dev/payments',
      '/metrics without a token',
    ]);
    expect(
      devConveniences(
        loadConfig({
          SMTP_URL: 'smtp://mail.example:587',
          STRIPE_SECRET_KEY: 'sk_test_1',
          STRIPE_WEBHOOK_SECRET: 'whsec_1',
          METRICS_TOKEN: 'metrics-token-0123456789',
        }),
      ),
    ).toEqual([]);
    expect(devConveniences(loadConfig({ NODE_ENV: 'production', APP_SECRET: secret }))).toEqual([]);
  });

  it('warn at start-up when the server listens beyond loopback', () => {
    expect(exposureWarning(loadConfig({}))).toBeUndefined();
    expect(exposureWarning(loadConfig({ HOST: 'localhost' }))).toBeUndefined();
    expect(exposureWarning(loadConfig({ HOST: '::1' }))).toBeUndefined();
    for (const host of ['0.0.0.0', '::', '192.0.2.2', 'devbox.local']) {
      const warning = exposureWarning(loadConfig({ HOST: host }));
      expect(warning).toMatch(/^WARNING: this development server listens on /);
      expect(warning).toContain('/dev/mailbox');
      expect(warning).toContain('leave HOST unset');
    }
    expect(
      exposureWarning(loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, HOST: '0.0.0.0' })),
    ).toBeUndefined();
  });
});
