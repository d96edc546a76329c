import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A word as poppler reads it, with its box on the displayed page in points from the top-left. */
export interface PdfWord {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"');

/** The words of one page (`pdftotext -bbox`), read independently of our own geometry. */
export const wordsOf = (pdf: Buffer | Uint8Array, page = 1): PdfWord[] => {
  const dir = mkdtempSync(join(tmpdir(), 'platen-words-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    const args = ['-bbox', '-f', String(page), '-l', String(page), file, '-'];
    const html = spawnSync('pdftotext', args, { encoding: 'utf8' }).stdout;
    const pattern =
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
    return [...html.matchAll(pattern)].map((m) => ({
      xMin: Number(m[1]),
      yMin: Number(m[2]),
      xMax: Number(m[3]),
      yMax: Number(m[4]),
      text: decode(m[5]!),
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
