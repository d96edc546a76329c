import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_IPV4_HOSTS } from '../../../test/address-spellings.ts';
import { signUp, type Account } from '../../../test/http.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';
import { startReceiver, type Receiver } from '../../../test/webhook-receiver.ts';
import { webhookCalls } from '../../../test/webhooks.ts';
import { checkWebhookUrl } from './webhook-url.ts';

/** Every way we know to write a private, loopback or metadata address into a URL. */
const PRIVATE_SPELLINGS = [
  'https://127.0.0.1/',
  'https://127.1/',
  'https://2130706433/',
  'https://0x7f000001/',
  'https://0x7f.0.0.1/',
  'https://017700000001/',
  'https://0177.0.0.1/',
  'https://localhost/',
  'https://LOCALHOST./',
  'https://[::1]/',
  'https://[0:0:0:0:0:0:0:1]/',
  'https://[::ffff:127.0.0.1]/',
  'https://[::ffff:7f00:1]/',
  'https://[::]/',
  'https://0.0.0.0/',
  'https://0/',
  'https://10.0.0.1/',
  'https://172.16.0.1/',
  'https://192.168.1.1/',
  'https://100.64.0.1/',
  'https://169.254.169.254/latest/meta-data/',
  'https://[fd00:ec2::254]/',
  'https://[::ffff:169.254.169.254]/',
  'https://[fe80::1]/',
  'https://[fd00::1]/',
  'https://224.0.0.1/',
  'https://255.255.255.255/',
  'https://198.18.0.1/',
  'https://[::127.0.0.1]:4151/',
  ...EMBEDDED_IPV4_HOSTS.map((host) => `https://${host}/`),
];

describe('webhook URLs with private URLs not allowed', () => {
  const network = { allowPrivateUrls: false };

  it.each(PRIVATE_SPELLINGS)('refuses %s', async (url) => {
    await expect(checkWebhookUrl(url, network)).rejects.toMatchObject({
      code: 'WEBHOOK_URL_NOT_ALLOWED',
      status: 400,
    });
  });

  it('refuses http, credentials and hosts that do not resolve', async () => {
    await expect(checkWebhookUrl('http://93.184.215.14/', network)).rejects.toThrow(
      'The URL must start with https://.',
    );
    await expect(checkWebhookUrl('https://user:pw@93.184.215.14/', network)).rejects.toThrow(
      'The URL must not contain a user or password.',
    );
    await expect(checkWebhookUrl('https://no-such-host.invalid/', network)).rejects.toThrow(
      'The host "no-such-host.invalid" could not be found.',
    );
    await expect(checkWebhookUrl('ftp://93.184.215.14/', network)).rejects.toThrow('https://');
  });

  it('takes https on a public address', async () => {
    expect(await checkWebhookUrl('https://93.184.215.14/hooks?x=1', network)).toBe(
      'https://93.184.215.14/hooks?x=1',
    );
    expect(await checkWebhookUrl('https://[2606:4700:4700::1111]/', network)).toBe(
      'https://[2606:4700:4700::1111]/',
    );
  });

  it('takes http and loopback only when WEBHOOKS_ALLOW_PRIVATE_URLS is on', async () => {
    const local = { allowPrivateUrls: true };
    expect(await checkWebhookUrl('http://127.0.0.1:8080/hooks', local)).toBe(
      'http://127.0.0.1:8080/hooks',
    );
    await expect(checkWebhookUrl('ftp://127.0.0.1/', local)).rejects.toThrow('https://');
  });
});

describe.each(testDatabases())('webhook SSRF through the API on %s', (database) => {
  let app: TestApp;
  let ada: Account;
  let receiver: Receiver;

  beforeAll(async () => {
    app = await buildTestApp(database);
    ada = await signUp(app);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await app.dispose();
  });

  const { send, sendTest, deliveries, deliver } = webhookCalls(() => ({ app, account: ada }));

  it('refuses an endpoint on the metadata address and on loopback', async () => {
    for (const url of ['https://169.254.169.254/', 'https://[::1]/', receiver.url]) {
      const res = await send('POST', '/v1/webhook-endpoints', { url, events: ['job.failed'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'WEBHOOK_URL_NOT_ALLOWED' });
    }
    const listed = (await send('GET', '/v1/webhook-endpoints')).json<{ endpoints: unknown[] }>();
    expect(listed.endpoints).toEqual([]);
  });

  it('checks the address again before every try: an endpoint now on loopback gets nothing', async () => {
    const res = await send('POST', '/v1/webhook-endpoints', {
      url: 'https://93.184.215.14/hooks',
      events: ['job.failed'],
    });
    const { id } = res.json<{ id: string }>();
    // As if the host's DNS had been pointed at this machine after the endpoint was saved.
    await app.deps.db
      .updateTable('webhook_endpoints')
      .set({ url: receiver.url.replace('http:', 'https:') })
      .where('id', '=', id)
      .execute();
    await sendTest(id);
    await deliver();
    const [line] = await deliveries(id);
    expect(line).toMatchObject({
      status: 'pending',
      attempt: 1,
      statusCode: null,
      error: 'The URL points to a private or local address, which is not allowed.',
    });
    expect(receiver.received).toEqual([]);
  });
});
