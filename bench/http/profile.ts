/**
 * Where a request's time goes: the real server under wrk with `--cpu-prof`, first GET /healthz,
 * then generate on a template, and the profile's self time grouped by what it is spent on
 * (`profile-groups.ts`), as CPU µs per request. Needs wrk.
 *   BENCH_PROFILE_TEMPLATE=fw9 BENCH_PROFILE_LOG=info node --import tsx bench/http/profile.ts
 * `BENCH_PROFILE_SET=invoice` (with `BENCH_PROFILE_TEMPLATE=a4`) profiles the invoice of
 * invoice.ts: the same fields plus its QR code and 30 table rows.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fieldsFor, TEMPLATES, templateBytes, valuesFor } from '../generation/fixtures.ts';
import { groupProfile, type CpuProfile } from './profile-groups.ts';
import { prepareAccount, startProductServer } from './product-server.ts';

const seconds = Number(process.env.BENCH_PROFILE_SECONDS ?? 10);
const logLevel = process.env.BENCH_PROFILE_LOG ?? 'info';
const template = TEMPLATES.find((t) => t.id === (process.env.BENCH_PROFILE_TEMPLATE ?? 'fw9'))!;
const valueSet = process.env.BENCH_PROFILE_SET === 'invoice' ? 'invoice' : 'latin';

const wrk = (url: string, script?: string) => {
  const args = ['-t1', '-c32', `-d${seconds}s`, '--latency', ...(script ? ['-s', script] : [])];
  const out = execFileSync('wrk', [...args, url], { encoding: 'utf8' });
  const total = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  const p99 = /\s99%\s+([\d.]+\w+)/.exec(out)?.[1];
  return { total, non2xx, rps, p99 };
};

const profileDir = mkdtempSync(join(tmpdir(), 'platen-prof-'));
const runOne = async (what: 'healthz' | 'generate') => {
  const dir = join(profileDir, what);
  const server = await startProductServer({
    nodeArgs: [`--cpu-prof`, `--cpu-prof-dir=${dir}`],
    env: { LOG_LEVEL: logLevel },
  });
  let result = { total: 0, non2xx: 0, rps: NaN, p99: undefined as string | undefined };
  let from = 0;
  let to = 0;
  try {
    const account = await prepareAccount(
      server,
      { meta: template, bytes: templateBytes(template) },
      fieldsFor(valueSet),
    );
    const script = join(dir, '..', `${what}.lua`);
    const body = JSON.stringify({
      templateName: account.templateName,
      fields: valuesFor(valueSet, 42).values,
    });
    writeFileSync(
      script,
      [
        'wrk.method = "POST"',
        `wrk.body = ${JSON.stringify(body)}`,
        'wrk.headers["Content-Type"] = "application/json"',
        `wrk.headers["x-api-key"] = ${JSON.stringify(account.apiKey)}`,
      ].join('\n'),
    );
    const url =
      what === 'healthz'
        ? `${server.baseUrl}/healthz`
        : `${server.baseUrl}/v1/document/generate/template`;
    wrk(url, what === 'healthz' ? undefined : script); // warm-up
    from = Number(process.hrtime.bigint() / 1000n);
    result = wrk(url, what === 'healthz' ? undefined : script);
    to = Number(process.hrtime.bigint() / 1000n);
  } finally {
    await server.stop();
  }
  // One profile per thread: the main thread's and each PDF worker's; only the measured run counts.
  const threads = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) =>
      groupProfile(JSON.parse(readFileSync(join(dir, f), 'utf8')) as CpuProfile, from, to),
    );
  return { result, threads, dir };
};

console.log(`uptime: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
console.log(`template ${template.id}, ${valueSet} values, LOG_LEVEL=${logLevel}, SQLite`);
const top = Number(process.env.BENCH_PROFILE_TOP ?? 30);
for (const what of (process.env.BENCH_PROFILE_ONLY ?? 'healthz,generate').split(',')) {
  const { result, threads, dir } = await runOne(what as 'healthz' | 'generate');
  console.log(`\n## ${what}: ${result.rps} req/s, p99 ${result.p99}, non-2xx ${result.non2xx}`);
  console.log(`profiles: ${dir}`);
  for (const thread of threads.sort((a, b) => b.totalUs - a.totalUs)) {
    const perRequest = (us: number) => (us / result.total).toFixed(1).padStart(7);
    console.log(`\nthread: ${perRequest(thread.totalUs)} µs of CPU per request`);
    for (const g of thread.groups.slice(0, top)) console.log(`${perRequest(g.us)}  ${g.name}`);
  }
}
