import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { serverDir } from '../../../../test/server-process.ts';
import { databaseTarget, openDatabase } from '../../../db/database.ts';
import { newVoucherCode, normaliseVoucherCode } from './voucher-codes.ts';
import { parseVoucherCommand } from './voucher-command.ts';

describe('the voucher command', () => {
  it('reads plan, days, uses and expiry', () => {
    expect(
      parseVoucherCommand([
        'create',
        '--plan',
        'PRO',
        '--days',
        '30',
        '--uses',
        '5',
        '--expires',
        '2026-12-31',
      ]),
    ).toEqual({ plan: 'PRO', days: 30, uses: 5, expiresAt: new Date('2026-12-31T23:59:59.999Z') });
    expect(parseVoucherCommand(['create', '--plan', 'pro', '--days', '7'])).toEqual({
      plan: 'pro',
      days: 7,
      uses: 1,
      expiresAt: undefined,
    });
  });

  it('explains what is wrong', () => {
    expect(() => parseVoucherCommand([])).toThrow(/Usage/);
    expect(() => parseVoucherCommand(['create', '--plan', 'PRO'])).toThrow(/--days/);
    expect(() => parseVoucherCommand(['create', '--plan', 'PRO', '--days', '0'])).toThrow(/--days/);
    expect(() =>
      parseVoucherCommand(['create', '--plan', 'PRO', '--days', '3', '--expires', 'soon']),
    ).toThrow(/--expires/);
  });

  it('makes codes that survive being typed back in', () => {
    const code = newVoucherCode();
    expect(code).toMatch(/^PLT(-[A-HJ-NP-Z2-9]{4}){4}$/);
    expect(normaliseVoucherCode(` ${code.toLowerCase()} `)).toBe(code);
  });
});

describe('npm run voucher', () => {
  it('prints a code stored in the server’s own database (DATA_DIR)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'platen-voucher-'));
    try {
      const args = [
        'src/modules/billing/vouchers/voucher-cli.ts',
        'create',
        '--plan',
        'PRO',
        '--days',
        '14',
        '--uses',
        '3',
      ];
      const { stdout } = await promisify(execFile)(process.execPath, args, {
        cwd: serverDir,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      });
      const code = stdout.trim();
      expect(code).toMatch(/^PLT-/);
      const db = openDatabase(databaseTarget({ databaseUrl: undefined, dataDir }));
      const row = await db.selectFrom('vouchers').selectAll().executeTakeFirstOrThrow();
      await db.destroy();
      expect(row).toMatchObject({ code, plan_id: 'pro', days: 14, max_uses: 3, uses: 0 });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
