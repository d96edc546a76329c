import { Worker } from 'node:worker_threads';
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { analyse } from './analyse.ts';
import { PdfEngineError } from './errors.ts';
import { renderPreview } from './render-preview.ts';
import {
  corpusBytes,
  corpusNames,
  hasSharedCorpus,
  makeTemplate,
  sharedCorpusBytes,
  sharedCorpusNames,
} from '../test/fixtures.ts';

describe('analyse', () => {
  it('reports displayed sizes, rotation and boxes of a generated template', async () => {
    const analysis = await analyse(await makeTemplate());
    expect(analysis.pageCount).toBe(4);
    expect(analysis.pages.map((p) => [p.width, p.height, p.rotation])).toEqual([
      [595.28, 841.89, 0],
      [792, 612, 0],
      [760, 500, 90],
      [842, 512, 270],
    ]);
    expect(analysis.pages[2]?.cropBox).toEqual({ x: 30, y: 40, width: 500, height: 760 });
    expect(analysis.pages[3]?.mediaBox).toEqual({ x: -100, y: 50, width: 512, height: 842 });
    expect(analysis.widgets).toEqual([]);
  });

  it('refuses files that are not PDFs, judging by content', async () => {
    const refuse = (text: string) => analyse(new TextEncoder().encode(text));
    await expect(refuse('<html><script>alert(1)</script>')).rejects.toMatchObject({
      code: 'NOT_A_PDF',
    });
    await expect(refuse('%PDF-1.7\nthis is not really a PDF at all\n')).rejects.toBeInstanceOf(
      PdfEngineError,
    );
  });

  it('tells a signed form from one whose signature field is empty', async () => {
    expect((await analyse(await corpusBytes('form-signed.pdf'))).isSigned).toBe(true);
    const unsigned = await analyse(await corpusBytes('form-signature-and-shared-field.pdf'));
    expect(unsigned.isSigned).toBe(false);
    expect(unsigned.widgets.map((w) => w.kind).sort()).toEqual(['signature', 'text', 'text']);
  });

  it('refuses more than 500 pages', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 501; i++) doc.addPage([100, 100]);
    await expect(analyse(await doc.save())).rejects.toMatchObject({ code: 'TOO_MANY_PAGES' });
  });
});

describe('renderPreview', () => {
  it('renders a rotated, cropped page with its displayed proportions', async () => {
    const { loadImage } = await import('@napi-rs/canvas');
    const image = await loadImage(await renderPreview(await makeTemplate(), 3, 380));
    expect([image.width, image.height]).toEqual([380, 250]);
  });

  it('refuses a page the PDF does not have', async () => {
    await expect(renderPreview(await makeTemplate(), 5, 100)).rejects.toMatchObject({
      code: 'PAGE_NOT_FOUND',
    });
  });
});

/*
 * Every corpus file (ours, and the third-party one when present) goes through unlockPdf() and analyse(), as an upload
 * does, in a worker_thread with a heap limit and a time limit
 * per file: a hostile file may only be accepted or refused with a PdfEngineError, never crash,
 * hang or exhaust memory.
 */
type Outcome = {
  outcome: 'accepted' | 'refused' | 'crashed' | 'timeout' | 'died';
  code?: string;
  pageCount?: number;
  restrictionsRemoved?: boolean;
};
const PER_FILE_MS = 20_000;

const startWorker = () =>
  new Promise<Worker>((resolve, reject) => {
    const worker = new Worker(new URL('../test/analyse-worker.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 },
    });
    worker.once('message', () => resolve(worker));
    worker.once('error', reject);
  });

let worker: Worker | undefined;
const analyseIsolated = async (bytes: Uint8Array): Promise<Outcome> => {
  worker ??= await startWorker();
  const current = worker;
  return new Promise<Outcome>((resolve) => {
    // The worker is reused across files: each file's listeners go once it is settled.
    const settle = (outcome: Outcome, workerLost: boolean) => {
      clearTimeout(timer);
      current.off('message', onMessage).off('error', onError);
      if (workerLost) worker = undefined;
      resolve(outcome);
    };
    const onMessage = (message: Outcome) => settle(message, false);
    const onError = () => settle({ outcome: 'died' }, true);
    const timer = setTimeout(() => {
      void current.terminate();
      settle({ outcome: 'timeout' }, true);
    }, PER_FILE_MS);
    current.on('message', onMessage).on('error', onError);
    current.postMessage({ bytes });
  });
};
afterAll(async () => {
  await worker?.terminate();
});

/** What the engine must answer for the files whose answer matters. */
const expected: Record<string, Partial<Outcome>> = {
  'not-a-pdf.pdf': { outcome: 'refused', code: 'NOT_A_PDF' },
  'startxref-int-overflow.pdf': { outcome: 'refused', code: 'NOT_A_PDF' },
  'enc-aes256-user-password.pdf': { outcome: 'refused', code: 'ENCRYPTED' },
  'enc-aes256-empty-user-password.pdf': { outcome: 'accepted', restrictionsRemoved: true },
  'enc-aes128-user-password.pdf': { outcome: 'refused', code: 'ENCRYPTED' },
  'enc-rc4-40-user-password.pdf': { outcome: 'refused', code: 'ENCRYPTED' },
  'form-enc-rc4-40-no-user-password.pdf': { outcome: 'accepted', restrictionsRemoved: true },
  'form-enc-aes256-user-password.pdf': { outcome: 'refused', code: 'ENCRYPTED' },
  'form-xfa-dynamic.pdf': { outcome: 'refused', code: 'UNSUPPORTED' },
  'junk-before-header.pdf': { outcome: 'accepted', pageCount: 1 },
  'page-tree-loop.pdf': { outcome: 'accepted', pageCount: 1 },
  'page-tree-deep-loop-no-page.pdf': { outcome: 'refused', code: 'DAMAGED' }, // no page is reachable from the root
  'xref-prev-loop.pdf': { outcome: 'accepted', pageCount: 3 },
  'page-count-lie.pdf': { outcome: 'accepted', pageCount: 1 },
  'nineteen-pages.pdf': { outcome: 'accepted', pageCount: 19 },
  'irs-fw9.pdf': { outcome: 'accepted', pageCount: 6 },
  'irs-i1040-instructions-24p.pdf': { outcome: 'accepted', pageCount: 24 },
  'flate-bomb-1gib.pdf': { outcome: 'accepted', pageCount: 1 },
};

/** The same for the third-party corpus (../shared/corpus). */
const expectedShared: Record<string, Partial<Outcome>> = {
  'not_a_pdf_5_bytes.pdf': { outcome: 'refused', code: 'NOT_A_PDF' },
  'startxref_int_overflow_23_bytes.pdf': { outcome: 'refused', code: 'NOT_A_PDF' },
  'enc_aes128_R4_password_unknown.pdf': { outcome: 'refused', code: 'ENCRYPTED' },
  'enc_aes256_empty_user_password.pdf': { outcome: 'accepted', restrictionsRemoved: true },
  'enc_aes256_R6_user-view_owner-master.pdf': { outcome: 'refused', code: 'ENCRYPTED' },
  'enc_rc4_40bit_R3_password-623.pdf': { outcome: 'refused', code: 'ENCRYPTED' },
  'junk_before_header_rc4_30p.pdf': {
    outcome: 'accepted',
    pageCount: 30,
    restrictionsRemoved: true,
  },
  'xfa_form_livecycle_js.pdf': { outcome: 'refused', code: 'UNSUPPORTED' },
  'pages_tree_loop.pdf': { outcome: 'accepted', pageCount: 1 },
  'pages_tree_deep_nesting.pdf': { outcome: 'refused', code: 'DAMAGED' }, // no page is reachable from the root
  'xref_prev_loop.pdf': { outcome: 'accepted', pageCount: 30 },
  'page_count_lie_9999999999.pdf': { outcome: 'accepted', pageCount: 1 },
  'us_constitution_19p.pdf': { outcome: 'accepted', pageCount: 19 },
  'flate_bomb_double_1GiB_GENERATED.pdf': { outcome: 'accepted', pageCount: 1 },
};

describe('unlockPdf and analyse, as on upload, on every corpus file (isolated worker, bounded time and memory)', () => {
  it.each(corpusNames('pdfs'))(
    '%s is accepted or refused cleanly',
    { timeout: PER_FILE_MS + 15_000 },
    async (name) => {
      const result = await analyseIsolated(await corpusBytes(name));
      expect(['accepted', 'refused']).toContain(result.outcome);
      const want = expected[name];
      if (want) expect(result).toMatchObject(want);
    },
  );
});

describe.skipIf(!hasSharedCorpus)(
  'unlockPdf and analyse on every third-party corpus file (../shared/corpus; skipped when absent)',
  () => {
    it.each(sharedCorpusNames('pdfs').filter((f) => f.endsWith('.pdf')))(
      '%s is accepted or refused cleanly',
      { timeout: PER_FILE_MS + 15_000 },
      async (name) => {
        const result = await analyseIsolated(sharedCorpusBytes('pdfs', name));
        expect(['accepted', 'refused']).toContain(result.outcome);
        const want = expectedShared[name];
        if (want) expect(result).toMatchObject(want);
      },
    );
  },
);
