import { describe, expect, it } from 'vitest';
import { describeLeaks, findLeaks } from './log-scan.ts';

const line = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, ...fields });

describe('the log scan for secrets', () => {
  const secrets = [
    { kind: 'password (POST /v1/auth/login)', value: 'correct horse battery' },
    { kind: 'access token (POST /v1/auth/login)', value: 'eyJhbGci.eyJzdWIi.c2lnbmF0dXJl' },
    { kind: 'API key (GET /v1/template/Form)', value: 'plt_AbCdEfGhIjKlMnOpQrStUv' },
    { kind: 'confirmation code (mail)', value: 'K7Q2ZX' },
  ];

  it('finds each kind of secret wherever it sits in a line, and names the line by its msg', () => {
    const text = [
      line({ msg: 'incoming request', req: { url: '/v1/auth/login' } }),
      line({ msg: 'debug body', body: { password: 'correct horse battery' } }),
      line({ msg: 'bearer', header: 'Bearer eyJhbGci.eyJzdWIi.c2lnbmF0dXJl' }),
      line({ msg: 'key in path', url: '/v1/x/plt_AbCdEfGhIjKlMnOpQrStUv?y=1' }),
      line({ msg: 'Your code is K7Q2ZX.' }),
      'stack trace mentioning K7Q2ZX',
    ].join('\n');
    const leaks = findLeaks([{ file: 'app-1.log', text }], secrets);
    expect(leaks).toEqual([
      { kind: 'password (POST /v1/auth/login)', file: 'app-1.log', line: 2, msg: 'debug body' },
      { kind: 'access token (POST /v1/auth/login)', file: 'app-1.log', line: 3, msg: 'bearer' },
      { kind: 'API key (GET /v1/template/Form)', file: 'app-1.log', line: 4, msg: 'key in path' },
      {
        kind: 'confirmation code (mail)',
        file: 'app-1.log',
        line: 5,
        msg: 'Your code is [secret].',
      },
      {
        kind: 'confirmation code (mail)',
        file: 'app-1.log',
        line: 6,
        msg: '(not a JSON log line)',
      },
    ]);
  });

  it('passes clean logs, including longer words that merely contain a secret', () => {
    const text = [
      line({ msg: 'signed in', userId: 'u1', event: 'login.succeeded' }),
      line({ msg: 'request completed', reqId: 'XK7Q2ZXY' }),
    ].join('\n');
    expect(findLeaks([{ file: 'app-1.log', text }], secrets)).toEqual([]);
  });

  it('reports kinds and messages, never the secrets', () => {
    const text = line({ msg: 'oops', password: 'correct horse battery' });
    const report = describeLeaks(findLeaks([{ file: 'app-1.log', text }], secrets));
    expect(report).toContain('password (POST /v1/auth/login) in "oops" (app-1.log:1)');
    expect(report).not.toContain('correct horse battery');
  });
});
