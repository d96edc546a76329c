import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import {
  analyse,
  importAcroForm,
  type AcroFormImport,
  PdfEngineError,
  renderPreview,
  unlockPdf,
  type FieldSpec,
  type FieldValues,
  type FillEngine,
  type FillOptions,
  type FitReport,
  type LabelSource,
  type NotImported,
  type PageInfo,
  type PreparedTemplateData,
} from '@platen/pdf-engine';

/*
 * The work that runs inside the worker threads (and cheap fills on the main thread). Errors do
 * not survive the thread boundary with their fields, so refusals come back as values and only
 * real crashes are thrown. Fills use the fill engine of the thread they run on, which its owner
 * passes in: pdf-worker.ts for a worker, the pool for the main thread.
 */

export type EngineRefusal = { ok: false; code: string; message: string; fields: string[] };

/**
 * A task that threw: a fault of ours, not a refusal of the file. The worker returns it as a
 * value, so the pool can tell it from a worker that died (a rejection): the first is answered
 * 500 as any bug, the second 503.
 */
export type TaskCrash = { crashed: true; message: string; stack: string | undefined };

export const crashOf = (error: unknown): TaskCrash => ({
  crashed: true,
  message: error instanceof Error ? error.message : String(error),
  stack: error instanceof Error ? error.stack : undefined,
});

export const isCrash = (result: unknown): result is TaskCrash =>
  typeof result === 'object' && result !== null && 'crashed' in result && result.crashed === true;

/**
 * A task the pool hands to a worker carries its number, and the worker's signals to the pool
 * name it: the task has started (the time limit counts from then), or its buffers are over budget.
 * They go through the worker's own port to its parent, which piscina gives the pool as `message`
 * events: a channel of its own per task cost the main thread about 35 µs to make, pass and close.
 */
type Task<T> = T & { task?: number };
export type TaskSignal = { task: number; says: 'started' | 'over-memory' };

export const isTaskSignal = (message: unknown): message is TaskSignal =>
  typeof message === 'object' && message !== null && 'task' in message && 'says' in message;

/**
 * ArrayBuffer memory (decoded streams, images) one task may add. V8's heap cap does not count
 * it: a 2.5 KB flate bomb otherwise inflates to gigabytes before the time limit ends it.
 */
export const PDF_TASK_BUFFER_MB = 256;
const BUFFER_CHECK_MS = 50;

/**
 * ArrayBuffer memory of this thread: V8 counts it as external memory, as `process.memoryUsage()`
 * counts it in `arrayBuffers` (shared memory aside, which a task does not make). That reading
 * cost a task 10 µs idle and up to 50 µs on a busy machine (it also reads the process's RSS from
 * the kernel); this one 0.5 µs.
 */
const bufferBytes = () => getHeapStatistics().external_memory;

/**
 * Says the task has started, then watches its buffers while it runs (the engine yields to the
 * event loop as it parses and renders) and says `over-memory` past the budget; the pool then
 * stops the worker. Returns the function that ends the watch.
 */
const announceStart = (task: number | undefined) => {
  const pool = parentPort;
  if (task === undefined || !pool) return () => undefined;
  const say = (says: TaskSignal['says']) => pool.postMessage({ task, says } satisfies TaskSignal);
  say('started');
  const baseline = bufferBytes();
  const watch = setInterval(() => {
    if (bufferBytes() - baseline > PDF_TASK_BUFFER_MB * 1024 * 1024) say('over-memory');
  }, BUFFER_CHECK_MS);
  return () => clearInterval(watch);
};

const refusal = (error: unknown): EngineRefusal => {
  if (error instanceof PdfEngineError) {
    return { ok: false, code: error.code, message: error.message, fields: [...error.fields] };
  }
  throw error;
};

/** Width of the list and thumbnail preview of page 1, in pixels. */
const PREVIEW_WIDTH_PX = 600;

export type PreparedTemplate = {
  ok: true;
  pages: PageInfo[];
  /** Fields found in the PDF's own form, ready to be the template's first inputs. */
  importedFields: FieldSpec[];
  /** The form's fields that did not become fields, each with the reason. */
  notImported: NotImported[];
  /** Where each imported field's label came from (tooltip, words beside its box, name). */
  labelSources: { label: string; source: LabelSource }[];
  /**
   * The PDF to store: the original (decrypted when it was encrypted but opened without a
   * password), with its form widgets taken out when it had any.
   */
  pdf: Uint8Array;
  /** The upload was encrypted, opened without a password, and is stored decrypted. */
  restrictionsRemoved: boolean;
  previewPng: Uint8Array;
  isSigned: boolean;
};

export const prepareTemplate = async (
  input: Task<{ pdf: Uint8Array }>,
): Promise<PreparedTemplate | EngineRefusal> => {
  const endWatch = announceStart(input.task);
  try {
    const { pdf, restrictionsRemoved } = await unlockPdf(input.pdf);
    const analysis = await analyse(pdf);
    const imported: AcroFormImport =
      analysis.widgets.length > 0
        ? await importAcroForm(pdf)
        : { fields: [], pdf, notImported: [], labelSources: [] };
    const previewPng = await renderPreview(imported.pdf, 1, PREVIEW_WIDTH_PX);
    return {
      ok: true,
      pages: analysis.pages,
      importedFields: imported.fields,
      notImported: imported.notImported,
      labelSources: imported.labelSources,
      pdf: imported.pdf,
      restrictionsRemoved,
      previewPng,
      isSigned: analysis.isSigned,
    };
  } catch (error) {
    return refusal(error);
  } finally {
    endWatch();
  }
};

export type FilledDocument = {
  ok: true;
  pdf: Uint8Array;
  fitReport: FitReport;
  /** The template as the worker prepared it, when asked (`shareTemplate`). */
  prepared?: PreparedTemplateData;
};

export type FillInput = {
  /** Names the template version, so a thread may keep what it prepared from it. */
  templateKey?: string;
  template: Uint8Array;
  fields: FieldSpec[];
  values: FieldValues;
  options: FillOptions;
};

export const fillDocument = async (
  engine: FillEngine,
  input: Task<FillInput & { shareTemplate?: boolean }>,
): Promise<FilledDocument | EngineRefusal> => {
  const endWatch = announceStart(input.task);
  try {
    const { templateKey } = input;
    const { pdf, fitReport } = await engine.fill(input.template, input.fields, input.values, {
      ...input.options,
      ...(templateKey && { templateKey }),
    });
    const prepared =
      input.shareTemplate && templateKey
        ? engine.preparedTemplateData(input.template, templateKey)
        : undefined;
    return { ok: true, pdf, fitReport, ...(prepared && { prepared }) };
  } catch (error) {
    return refusal(error);
  } finally {
    endWatch();
  }
};

/**
 * Fills on the calling thread when the engine says that is cheap (template already prepared
 * here, short standard-font text): cheaper than the round trip to a worker. `undefined` when
 * the document needs a worker.
 */
export const fillDocumentIfCheap = async (
  engine: FillEngine,
  input: FillInput,
): Promise<FilledDocument | EngineRefusal | undefined> => {
  const { templateKey } = input;
  if (!templateKey) return undefined;
  try {
    const filled = await engine.fillIfCheap(input.template, input.fields, input.values, {
      ...input.options,
      templateKey,
    });
    return filled && { ok: true, ...filled };
  } catch (error) {
    return refusal(error);
  }
};

/** Whether the engine holds the template prepared (a worker need not send it). */
export const holdsTemplate = (engine: FillEngine, input: FillInput): boolean =>
  !!input.templateKey &&
  engine.preparedTemplateData(input.template, input.templateKey) !== undefined;

/** Keeps the template a worker prepared, so that the next documents can be cheap here. */
export const adoptTemplate = (
  engine: FillEngine,
  input: FillInput,
  prepared: PreparedTemplateData,
) => {
  if (input.templateKey) engine.adoptPreparedTemplate(input.template, input.templateKey, prepared);
};
