import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process.ts';

const run = promisify(execFile);

/** The PostgreSQL server programs of this machine: PG_BIN, or the newest Debian install. */
const postgresBinDir = (): string | undefined => {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin/pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(root, versions[0], 'bin');
};

/**
 * Why a throwaway cluster cannot be made here, or undefined when it can. PostgreSQL refuses to
 * run as root, so a root test runs its programs as the `postgres` user.
 */
export const throwawayPostgresMissing = (): string | undefined => {
  if (!postgresBinDir()) return 'no PostgreSQL server programs (set PG_BIN)';
  if (userInfo().uid === 0 && !existsSync('/usr/sbin/runuser')) return 'root without runuser';
  return undefined;
};

export type ThrowawayPostgres = {
  /** A superuser's URL of the cluster's `postgres` database. */
  url: string;
  /** `pg_ctl restart -m fast`: every connection ended with 57P01, the server down, then back. */
  restart: () => Promise<void>;
  dispose: () => Promise<void>;
};

/**
 * A PostgreSQL cluster of the test's own (initdb, then pg_ctl on a free port, trust auth, fsync
 * off), which the test may restart or stop without touching a server others use.
 */
export const startThrowawayPostgres = async (): Promise<ThrowawayPostgres> => {
  const bin = postgresBinDir();
  if (!bin) throw new Error('No PostgreSQL server programs: set PG_BIN');
  const dir = mkdtempSync(join(tmpdir(), 'platen-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = (program: string, args: string[]) =>
    asRoot
      ? run('/usr/sbin/runuser', ['-u', 'postgres', '--', join(bin, program), ...args])
      : run(join(bin, program), args);
  const data = join(dir, 'data');
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  await pg('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // Without -o, restart starts the server with the options it was started with; the log file
    // keeps the server's output off this process's pipe, which would hold execFile open.
    restart: async () => {
      await pg('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-m', 'fast', '-w', 'restart']);
    },
    dispose: async () => {
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
