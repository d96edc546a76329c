import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { confirmationCodeOf, waitForMail, type TestUser } from './accounts.ts';
import { repoRoot, type RunningServer } from './server.ts';

type Tokens = { token: string };

const csrfHeaders = async (baseUrl: string) => {
  const csrf = await fetch(`${baseUrl}/v1/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return { 'x-xsrf-token': csrfToken, cookie: `XSRF-TOKEN=${csrfToken}` };
};

/** Confirms the account's e-mail with the mailed code, as the profile screen would. */
export const confirmEmailByApi = async (baseUrl: string, user: TestUser, tokens: Tokens) => {
  const mail = await waitForMail(baseUrl, user.email, (m) => m.text.includes('is: '));
  const response = await fetch(`${baseUrl}/v1/user/email/confirm`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${tokens.token}`,
      'content-type': 'application/json',
      ...(await csrfHeaders(baseUrl)),
    },
    body: JSON.stringify({ code: confirmationCodeOf(mail) }),
  });
  if (!response.ok) throw new Error(`confirm failed: ${response.status} ${await response.text()}`);
};

type ApiSubscription = {
  apiKey: string;
  status: string;
  startTime: string;
  endTime: string | null;
  billingCycleStart: string;
  billingCycleEnd: string;
  pdfsGeneratedThisMonth: number;
  subscriptionPlan: { subscriptionType: string };
};

export const fetchSubscriptionByApi = async (baseUrl: string, tokens: Tokens) => {
  const response = await fetch(`${baseUrl}/v1/subscription`, {
    headers: { authorization: `Bearer ${tokens.token}` },
  });
  if (!response.ok) throw new Error(`subscription: ${response.status}`);
  return (await response.json()) as ApiSubscription;
};

/** The operator's command, `npm run voucher -- create …`, on the test server's database. */
export const createVoucher = async (
  server: RunningServer,
  o: { plan: string; days: number; uses?: number },
) => {
  const args = ['run', '--silent', 'voucher', '--', 'create', '--plan', o.plan];
  args.push('--days', String(o.days), '--uses', String(o.uses ?? 1));
  const { stdout } = await promisify(execFile)('npm', args, {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
  });
  const code = stdout.trim().split('\n').at(-1)?.trim();
  if (!code) throw new Error(`npm run voucher printed no code: ${stdout}`);
  return code;
};

/**
 * A one-page A4 PDF written by hand (no PDF library needed): the smallest template the upload
 * accepts.
 */
const tinyPdf = (): Buffer => {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << >> >>',
    '<< /Length 44 >>\nstream\n0.2 0.4 0.8 rg 72 700 200 60 re f\nendstream',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

/** Multipart POST /v1/template with file and templateName. */
export const createTemplateByApi = async (baseUrl: string, tokens: Tokens, name: string) => {
  const form = new FormData();
  form.append('templateName', name);
  form.append('file', new Blob([new Uint8Array(tinyPdf())], { type: 'application/pdf' }), 't.pdf');
  const response = await fetch(`${baseUrl}/v1/template`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.token}`, ...(await csrfHeaders(baseUrl)) },
    body: form,
  });
  if (!response.ok) throw new Error(`template: ${response.status} ${await response.text()}`);
};

/** POST /v1/document/generate/template with the account's x-api-key: one counted document. */
export const generateByApi = async (baseUrl: string, apiKey: string, templateName: string) => {
  const response = await fetch(`${baseUrl}/v1/document/generate/template`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ templateName, fields: {} }),
  });
  if (!response.ok) throw new Error(`generate: ${response.status} ${await response.text()}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.subarray(0, 5).toString() !== '%PDF-') throw new Error('generate answered no PDF');
};
