import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { FORM_METADATA_MARK } from '../../../test-fixtures/active-content-pdfs.ts';
import { analyse } from './analyse.ts';
import { PdfEngineError } from './errors.ts';
import { createFillEngine } from './fill-engine.ts';
import { importAcroForm } from './import-acroform.ts';
import { renderPreview } from './render-preview.ts';
import { unlockPdf } from './unlock-pdf.ts';
import {
  corpusBytes,
  hasSharedCorpus,
  sharedCorpusBytes,
  sharedCorpusSkipReason,
} from '../test/fixtures.ts';
import { hasPoppler, hasQpdf } from '../../../test-fixtures/command-line-tools.ts';

// The encrypted forms are made by qpdf (an implementation independent of the one that decrypts).
const dir = mkdtempSync(join(tmpdir(), 'platen-unlock-'));
let fileCount = 0;
const onDisk = (pdf: Uint8Array) => {
  const path = join(dir, `file-${++fileCount}.pdf`);
  writeFileSync(path, pdf);
  return path;
};
const qpdf = (...args: string[]) => spawnSync('qpdf', args, { encoding: 'utf8' });
const pageText = (pdf: Uint8Array) =>
  spawnSync('pdftotext', [onDisk(pdf), '-'], { encoding: 'utf8' }).stdout;

const metadataText = async (pdf: Uint8Array) => {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const stream = doc.catalog.lookup(PDFName.of('Metadata'));
  if (!(stream instanceof PDFRawStream)) return '';
  return Buffer.from(decodePDFRawStream(stream).decode()).toString('utf8');
};

const OPEN_WITHOUT_PASSWORD = [
  ['form-enc-rc4-40-no-user-password.pdf', 'RC4 40-bit, revision 2'],
  ['form-enc-rc4-128-no-user-password.pdf', 'RC4 128-bit, revision 3'],
  ['form-enc-aes128-no-user-password.pdf', 'AES-128, revision 4'],
  ['form-enc-aes256-no-user-password.pdf', 'AES-256, revision 6'],
  ['form-enc-aes256-clear-metadata.pdf', 'AES-256 with the metadata in clear'],
] as const;

const NEEDS_PASSWORD =
  'This PDF needs a password to open, and Platen cannot open password-protected PDFs. Upload a copy that opens without a password.';

describe.skipIf(!hasQpdf || !hasPoppler)('unlockPdf', () => {
  it.each(OPEN_WITHOUT_PASSWORD)(
    'decrypts %s (%s) into a plain PDF with the same form',
    async (name) => {
      const encrypted = await corpusBytes(name);
      expect(qpdf('--show-encryption', onDisk(encrypted)).stdout).toMatch(/R = [2-6]/);
      const { pdf, restrictionsRemoved } = await unlockPdf(encrypted);
      expect(restrictionsRemoved).toBe(true);
      const path = onDisk(pdf);
      expect(qpdf('--show-encryption', path).stdout).toContain('File is not encrypted');
      expect(Buffer.from(pdf).includes('/Encrypt')).toBe(false);
      const check = qpdf('--check', path);
      expect(check.stdout + check.stderr).not.toMatch(/WARNING/);
      expect(check.status).toBe(0);
      expect(await metadataText(pdf)).toContain(FORM_METADATA_MARK);
      const plain = await importAcroForm(await corpusBytes('form-every-field-family.pdf'));
      const unlocked = await importAcroForm(pdf);
      expect(unlocked.fields.map((f) => [f.label, f.type, f.options?.length])).toEqual(
        plain.fields.map((f) => [f.label, f.type, f.options?.length]),
      );
      expect(unlocked.fields.length).toBeGreaterThan(5);
    },
  );

  it('fills the unlocked form into an unencrypted document that qpdf finds clean', async () => {
    const { pdf } = await unlockPdf(await corpusBytes('form-enc-aes256-no-user-password.pdf'));
    const imported = await importAcroForm(pdf);
    const text = imported.fields.find((f) => f.type === 'text')!;
    const { fill } = createFillEngine();
    const filled = await fill(imported.pdf, imported.fields, { [text.label]: 'Unlocked value' });
    const path = onDisk(filled.pdf);
    expect(qpdf('--show-encryption', path).stdout).toContain('File is not encrypted');
    expect(qpdf('--check', path).status).toBe(0);
    expect(Buffer.from(filled.pdf).includes('/Encrypt')).toBe(false);
    expect(pageText(filled.pdf)).toContain('Unlocked value');
  });

  it('refuses a form that needs a password to open, saying so', async () => {
    const encrypted = await corpusBytes('form-enc-aes256-user-password.pdf');
    const error = await unlockPdf(encrypted).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PdfEngineError);
    expect(error).toMatchObject({ code: 'ENCRYPTED', message: NEEDS_PASSWORD });
    // pdf.js, which draws previews, says the same of it.
    await expect(renderPreview(encrypted, 1, 100)).rejects.toMatchObject({
      code: 'ENCRYPTED',
      message: NEEDS_PASSWORD,
    });
  });

  it('decrypts files pdf-lib encrypted, and refuses those with a user password', async () => {
    const open = await unlockPdf(await corpusBytes('enc-aes256-empty-user-password.pdf'));
    expect(open.restrictionsRemoved).toBe(true);
    expect((await analyse(open.pdf)).pageCount).toBe(1);
    for (const name of ['enc-aes128-user-password.pdf', 'enc-rc4-40-user-password.pdf'] as const) {
      await expect(unlockPdf(await corpusBytes(name))).rejects.toMatchObject({
        message: NEEDS_PASSWORD,
      });
    }
  });

  it('leaves an unencrypted PDF as it is, byte for byte', async () => {
    const plain = await corpusBytes('form-every-field-family.pdf');
    const result = await unlockPdf(plain);
    expect(result).toEqual({ pdf: plain, restrictionsRemoved: false });
  });

  it('leaves a file it cannot parse to analyse, which refuses it as it refuses any', async () => {
    const notPdf = await corpusBytes('not-a-pdf.pdf');
    expect((await unlockPdf(notPdf)).restrictionsRemoved).toBe(false);
    await expect(analyse(notPdf)).rejects.toMatchObject({ code: 'NOT_A_PDF' });
  });

  it.skipIf(!hasSharedCorpus)(
    'opens the shared corpus files that open without a password',
    async () => {
      for (const name of ['enc_aes256_empty_user_password.pdf', 'junk_before_header_rc4_30p.pdf']) {
        const { pdf, restrictionsRemoved } = await unlockPdf(sharedCorpusBytes('pdfs', name));
        expect(restrictionsRemoved).toBe(true);
        expect(qpdf('--check', onDisk(pdf)).status).toBe(0);
        expect((await analyse(pdf)).pageCount).toBeGreaterThan(0);
      }
      const locked = sharedCorpusBytes('pdfs', 'enc_aes256_R6_user-view_owner-master.pdf');
      await expect(unlockPdf(locked)).rejects.toMatchObject({ message: NEEDS_PASSWORD });
    },
  );
});
if (!hasSharedCorpus) console.warn(`unlock-pdf.test.ts: ${sharedCorpusSkipReason}`);
