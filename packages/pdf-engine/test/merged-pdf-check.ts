/**
 * Test helpers for merged PDFs: a writer into memory, qpdf's and poppler's view of the result,
 * and templates whose pages inherit their attributes from the page tree.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFNumber, StandardFonts, type PDFRef } from '@cantoo/pdf-lib';
import { createMergedPdfWriter } from '../src/merged-pdf-writer.ts';

const dir = mkdtempSync(join(tmpdir(), 'platen-merged-'));
let fileCount = 0;
const onDisk = (pdf: Uint8Array) => {
  const path = join(dir, `merged-${++fileCount}.pdf`);
  writeFileSync(path, pdf);
  return path;
};

/** Merges documents into memory; the chunks are kept apart to check they are never reused. */
export const mergeAll = async (documents: Uint8Array[]) => {
  const chunks: Uint8Array[] = [];
  const writer = createMergedPdfWriter({ write: (chunk) => void chunks.push(chunk) });
  for (const document of documents) await writer.add(document);
  const summary = await writer.finish();
  return { pdf: new Uint8Array(Buffer.concat(chunks)), summary, chunks };
};

/** qpdf's verdict: exit 0 means no syntax, xref or stream errors and no warnings. */
export const qpdfCheck = (pdf: Uint8Array) => {
  const r = spawnSync('qpdf', ['--check', onDisk(pdf)], { encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
};

/** Poppler's page count, and per page its rotation and size as `pdfinfo` prints them. */
export const popplerPages = (pdf: Uint8Array) => {
  const r = spawnSync('pdfinfo', ['-f', '1', '-l', '100000', onDisk(pdf)], { encoding: 'utf8' });
  const count = Number(/^Pages:\s+(\d+)/m.exec(r.stdout)?.[1]);
  const rotations = [...r.stdout.matchAll(/^Page\s+\d+ rot:\s+(\d+)/gm)].map((m) => Number(m[1]));
  const sizes = [...r.stdout.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/gm)].map(
    (m) => `${Math.round(Number(m[1]))}x${Math.round(Number(m[2]))}`,
  );
  return { status: r.status, errors: r.stderr, count, rotations, sizes };
};

/** Poppler's text of every page, split at form feeds (one entry per page). */
export const popplerTexts = (pdf: Uint8Array): string[] => {
  const r = spawnSync('pdftotext', [onDisk(pdf), '-'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout.split('\f').slice(0, -1);
};

/** How often `text` occurs in the file's bytes (latin1). */
export const occurrences = (pdf: Uint8Array, text: string) =>
  Buffer.from(pdf).toString('latin1').split(text).length - 1;

/**
 * Three 420 × 595 pages with nothing of their own but contents: the root /Pages node gives
 * /MediaBox, /Resources (Helvetica as /F0) and /Rotate 90; pages 2 and 3 sit under a second
 * /Pages node that turns them to 180. Saved with a classic xref table.
 */
export const makeInheritingTemplate = async (): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const { context } = doc;
  const rootRef = doc.catalog.get(PDFName.of('Pages')) as PDFRef;
  const refs: PDFRef[] = [];
  for (let i = 1; i <= 3; i++) {
    const page = doc.addPage([420, 595]);
    const text = `BT /F0 12 Tf 40 550 Td (Template page ${i}) Tj ET`;
    page.node.set(PDFName.of('Contents'), context.register(context.stream(text)));
    page.node.delete(PDFName.of('Resources'));
    page.node.delete(PDFName.of('MediaBox'));
    refs.push(page.ref);
  }
  const root = doc.catalog.Pages();
  const middle = context.obj({
    Type: 'Pages',
    Parent: rootRef,
    Kids: [refs[1]!, refs[2]!],
    Count: 2,
  });
  middle.set(PDFName.of('Rotate'), PDFNumber.of(180));
  const middleRef = context.register(middle);
  for (const ref of refs.slice(1))
    doc.getPage(refs.indexOf(ref)).node.set(PDFName.of('Parent'), middleRef);
  root.set(PDFName.of('Kids'), context.obj([refs[0]!, middleRef]));
  root.set(PDFName.of('MediaBox'), context.obj([0, 0, 420, 595]));
  root.set(PDFName.of('Rotate'), PDFNumber.of(90));
  root.set(PDFName.of('Resources'), context.obj({ Font: { F0: font.ref } }));
  return doc.save({ useObjectStreams: false });
};
