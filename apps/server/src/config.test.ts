import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults for a development start', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      maxUploadBytes: 20 * 1024 * 1024,
      appSecret: undefined,
    });
    expect(config.webDistDir).toMatch(/apps\/web\/dist$/);
  });

  it('names the variable that has a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ MAX_UPLOAD_MB: '-1' })).toThrow(/MAX_UPLOAD_MB/);
  });

  it('takes an empty variable as not set', () => {
    expect(loadConfig({ SMTP_URL: '', DATABASE_URL: '', PORT: '' })).toMatchObject({
      smtpUrl: undefined,
      databaseUrl: undefined,
      port: 3000,
    });
  });

  it('refuses to start in production without a strong secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'short' })).toThrow(/APP_SECRET/);
    const secret = 'a'.repeat(40);
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: secret }).appSecret).toBe(secret);
  });
});
