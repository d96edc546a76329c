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

  it('listens on loopback in development and test, on every interface in production', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: 'a'.repeat(40) }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(
      loadConfig({ NODE_ENV: 'production', APP_SECRET: 'a'.repeat(40), HOST: '::1' }).host,
    ).toBe('::1');
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

  it('bounds PostgreSQL statements at 30 s unless told otherwise, 0 for no limit', () => {
    expect(loadConfig({}).databaseStatementTimeoutMs).toBe(30_000);
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '0' }).databaseStatementTimeoutMs).toBe(0);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '-5' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
  });

  it('allows private webhook URLs only outside production', () => {
    expect(loadConfig({}).webhooks.allowPrivateUrls).toBe(false);
    expect(loadConfig({ WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' }).webhooks.allowPrivateUrls).toBe(
      true,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        APP_SECRET: 'a'.repeat(40),
        WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
      }),
    ).toThrow(/WEBHOOKS_ALLOW_PRIVATE_URLS: must not be true in production/);
  });

  it('takes a redis:// or rediss:// REDIS_URL and refuses anything else', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe(
      'redis://127.0.0.1:6379',
    );
    expect(loadConfig({ REDIS_URL: 'rediss://user:pw@cache.example:6380/2' }).redisUrl).toBe(
      'rediss://user:pw@cache.example:6380/2',
    );
    for (const bad of ['http://cache.example', 'redis://', 'cache.example:6379', 'redis://a b']) {
      expect(() => loadConfig({ REDIS_URL: bad })).toThrow(/REDIS_URL/);
    }
  });

  it('starts every Redis key with platen: by default, or with the prefix a deployment gives', () => {
    expect(loadConfig({}).redisKeyPrefix).toBe('platen:');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'staging:' }).redisKeyPrefix).toBe('staging:');
    for (const bad of ['a b', 'x'.repeat(65), 'prod*']) {
      expect(() => loadConfig({ REDIS_KEY_PREFIX: bad })).toThrow(/REDIS_KEY_PREFIX/);
    }
  });

  it('gives a Redis command 100 ms by default, then leaves Redis alone for 5 s', () => {
    expect(loadConfig({}).redisCalls).toEqual({ timeoutMs: 100, coolDownMs: 5_000 });
    expect(loadConfig({ REDIS_TIMEOUT_MS: '50' }).redisCalls.timeoutMs).toBe(50);
    for (const bad of ['0', '2.5', '60000', 'soon']) {
      expect(() => loadConfig({ REDIS_TIMEOUT_MS: bad })).toThrow(/REDIS_TIMEOUT_MS/);
    }
  });

  it('keeps idempotent answers 24 hours by default, and takes shorter windows', () => {
    expect(loadConfig({}).idempotency).toEqual({
      windowMs: 24 * 3_600_000,
      leaseMs: 30_000,
      sweepIntervalMs: 15 * 60_000,
    });
    const short = loadConfig({
      IDEMPOTENCY_WINDOW_HOURS: '0.5',
      IDEMPOTENCY_LEASE_SECONDS: '5',
      IDEMPOTENCY_SWEEP_MINUTES: '1',
    });
    expect(short.idempotency).toEqual({
      windowMs: 1_800_000,
      leaseMs: 5_000,
      sweepIntervalMs: 60_000,
    });
    for (const name of [
      'IDEMPOTENCY_WINDOW_HOURS',
      'IDEMPOTENCY_LEASE_SECONDS',
      'IDEMPOTENCY_SWEEP_MINUTES',
    ]) {
      expect(() => loadConfig({ [name]: '0' })).toThrow(new RegExp(name));
    }
  });

  describe('TRUST_PROXY', () => {
    it('believes no proxy unless told, and takes a hop count or proxy addresses', () => {
      expect(loadConfig({}).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
      expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
      expect(
        loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,loopback,fd00::/8' }).trustProxy,
      ).toEqual({
        addresses: ['10.0.0.0/8', '192.0.2.7', 'loopback', 'fd00::/8'],
      });
    });

    it('refuses "true", naming the variable and what to set instead', () => {
      for (const env of ['development', 'production'] as const) {
        const start = () =>
          loadConfig({ NODE_ENV: env, APP_SECRET: 'a'.repeat(40), TRUST_PROXY: 'true' });
        expect(start).toThrow(/TRUST_PROXY/);
        expect(start).toThrow(/number of proxies.*addresses/);
      }
    });

    it.each([
      'yes',
      'TRUE ',
      '-1',
      '1.5',
      '300.1.2.3',
      '10.0.0.0/33',
      '10.0.0.1,',
      'proxy.local',
      '99',
    ])('refuses %j', (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    });
  });

  describe('S3_* (where job results are kept)', () => {
    const bucket = { S3_BUCKET: 'platen-results' };
    const keys = { S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret-example' };

    it('keeps results on the local disk unless S3_BUCKET is set', () => {
      expect(loadConfig({}).s3).toBeUndefined();
      expect(loadConfig({ S3_BUCKET: '' }).s3).toBeUndefined();
    });

    it('takes a bucket on AWS in us-east-1 with the SDK credential chain by default', () => {
      expect(loadConfig(bucket).s3).toEqual({
        bucket: 'platen-results',
        endpoint: undefined,
        region: 'us-east-1',
        credentials: undefined,
      });
    });

    it('takes an S3-compatible endpoint, a region and a key pair', () => {
      expect(
        loadConfig({
          ...bucket,
          ...keys,
          S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com/',
          S3_REGION: 'auto',
        }).s3,
      ).toEqual({
        bucket: 'platen-results',
        endpoint: 'https://account.r2.cloudflarestorage.com',
        region: 'auto',
        credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret-example' },
      });
      expect(loadConfig({ ...bucket, S3_ENDPOINT: 'http://minio:9000' }).s3?.endpoint).toBe(
        'http://minio:9000',
      );
    });

    it('refuses one half of a key pair, naming both variables', () => {
      for (const half of [
        { S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' },
        { S3_SECRET_ACCESS_KEY: 'secret-example' },
      ]) {
        const start = () => loadConfig({ ...bucket, ...half });
        expect(start).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither/);
      }
    });

    it('refuses S3 settings without S3_BUCKET, which would quietly keep results on disk', () => {
      expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
        /S3_BUCKET: must be set when S3_ENDPOINT is set/,
      );
      expect(() => loadConfig({ ...keys })).toThrow(/S3_BUCKET: must be set/);
      expect(() => loadConfig({ S3_REGION: 'eu-west-1' })).toThrow(/S3_BUCKET/);
    });

    it.each([
      { S3_BUCKET: 'Platen_Results' },
      { S3_BUCKET: 'ab' },
      { ...bucket, S3_ENDPOINT: 'minio:9000' },
      { ...bucket, S3_ENDPOINT: 'ftp://minio' },
      { ...bucket, S3_ENDPOINT: 'http://' },
    ])('refuses %j, naming the variable', (env) => {
      const name = Object.keys(env).at(-1) ?? '';
      expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: must be`));
    });

    it('never repeats the secret access key in its messages', () => {
      try {
        loadConfig({ S3_SECRET_ACCESS_KEY: 'secret-example' });
        expect.unreachable('a lone secret key is refused');
      } catch (error) {
        expect(String(error)).not.toContain('secret-example');
      }
    });
  });
});
