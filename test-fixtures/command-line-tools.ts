/**
 * Whether the command-line tools the tests read output with are installed: poppler-utils
 * (`pdftotext`, `pdftoppm`, `pdfinfo`), qpdf and unzip. `.ci/run` installs them; a machine
 * without them skips those checks and says so once per test process.
 *
 * Only a program that is not there counts as missing (ENOENT): a busy machine may fail to start
 * one now and then (seen under a load of 14), and a test that then fails says more than one that
 * quietly skips.
 */
import { spawnSync } from 'node:child_process';

const isInstalled = (program: string, versionFlag: string) => {
  const { error } = spawnSync(program, [versionFlag]);
  return !(error && 'code' in error && error.code === 'ENOENT');
};

export const hasPoppler =
  isInstalled('pdftotext', '-v') && isInstalled('pdftoppm', '-v') && isInstalled('pdfinfo', '-v');
export const hasQpdf = isInstalled('qpdf', '--version');
export const hasUnzip = isInstalled('unzip', '-v');

const missing = [!hasPoppler && 'poppler-utils', !hasQpdf && 'qpdf', !hasUnzip && 'unzip'];
if (missing.some(Boolean)) {
  const names = missing.filter(Boolean).join(', ');
  console.warn(`\n!!! ${names} missing: the checks that read output with them are SKIPPED !!!\n`);
}
