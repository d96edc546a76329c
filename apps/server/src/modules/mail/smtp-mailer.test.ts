import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/http.ts';
import { freePort } from '../../../test/server-process.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

type Received = { from: string; to: string[]; data: string };

describe('mail over SMTP', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let app: TestApp;

  beforeAll(async () => {
    const port = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    app = await buildTestApp('sqlite', {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'Platen <no-reply@platen.example>',
    });
  });
  afterAll(async () => {
    await app.dispose();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the confirmation code to the SMTP server', async () => {
    await signUp(app, { email: 'smtp@example.com' });
    await expect.poll(() => received.length).toBe(1);
    const [mail] = received;
    expect(mail?.from).toBe('no-reply@platen.example');
    expect(mail?.to).toEqual(['smtp@example.com']);
    expect(mail?.data).toMatch(/Subject: Your Platen confirmation code/);
    expect(mail?.data).toMatch(/is: [A-Z0-9]{6}/);
  });

  it('turns the development mailbox off', async () => {
    expect((await call(app, 'GET', '/dev/mailbox/messages')).statusCode).toBe(404);
  });
});

describe('the development mailbox', () => {
  it('is not there in production', async () => {
    const app = await buildTestApp('sqlite', { env: 'production' });
    try {
      expect((await call(app, 'GET', '/dev/mailbox')).statusCode).toBe(404);
    } finally {
      await app.dispose();
    }
  });

  it('lists mail newest last as JSON and as a page', async () => {
    const app = await buildTestApp('sqlite');
    try {
      await signUp(app, { email: 'first@example.com' });
      await signUp(app, { email: 'second@example.com' });
      // The mailbox answers only clients on this machine (plugins/loopback-only.test.ts).
      const local = { ip: '127.0.0.1' };
      const mails = (await call(app, 'GET', '/dev/mailbox/messages', local)).json<
        { to: string }[]
      >();
      expect(mails.map((m) => m.to)).toEqual(['first@example.com', 'second@example.com']);
      const page = await call(app, 'GET', '/dev/mailbox', local);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('second@example.com');
    } finally {
      await app.dispose();
    }
  });
});
