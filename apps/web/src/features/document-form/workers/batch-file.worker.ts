import { checkBatch, type BatchCheck, type BatchLimits } from '../model/batch-check.ts';
import { decodeText, isJsonFile, readCsv, readJson } from '../model/batch-file.ts';
import type { BatchField } from '../model/batch-values.ts';

/** What the Form tab's batch mode asks: read this file and check it against these fields. */
export type BatchFileRequest = { file: File; fields: BatchField[]; limits: BatchLimits };
export type BatchFileAnswer = { check: BatchCheck } | { failure: string };

/*
 * Reads and checks a batch file off the main thread: 10,000 rows are parsed and checked while
 * the page stays responsive. Only a thin wrapper; the work is the model's pure functions.
 */
self.onmessage = async (event: MessageEvent<BatchFileRequest>) => {
  const { file, fields, limits } = event.data;
  let answer: BatchFileAnswer;
  try {
    const text = decodeText(new Uint8Array(await file.arrayBuffer()));
    const table = isJsonFile(file.name, text) ? readJson(text) : readCsv(text);
    answer = { check: checkBatch(table, fields, limits) };
  } catch {
    answer = { failure: 'The file could not be read.' };
  }
  self.postMessage(answer);
};
