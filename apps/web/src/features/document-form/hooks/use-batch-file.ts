import { MAX_BATCH_BODY_BYTES, MAX_BATCH_ITEMS } from '@platen/contract';
import { useEffect, useState } from 'react';
import type { BatchCheck } from '../model/batch-check.ts';
import type { BatchField } from '../model/batch-values.ts';
import type { BatchFileAnswer, BatchFileRequest } from '../workers/batch-file.worker.ts';

export type BatchFileState =
  | { status: 'none' }
  | { status: 'reading'; file: File }
  | { status: 'read'; file: File; check: BatchCheck }
  | { status: 'unreadable'; file: File; reason: string };

const LIMITS = { maxItems: MAX_BATCH_ITEMS, maxBodyBytes: MAX_BATCH_BODY_BYTES };

/**
 * The chosen batch file, read and checked in a Web Worker (10,000 rows must not freeze the page),
 * again whenever the fields change (another version chosen).
 */
export const useBatchFile = (file: File | null, fields: readonly BatchField[]): BatchFileState => {
  const [state, setState] = useState<BatchFileState>({ status: 'none' });
  const fieldsKey = JSON.stringify(fields);

  useEffect(() => {
    if (!file) {
      setState({ status: 'none' });
      return;
    }
    setState({ status: 'reading', file });
    const worker = new Worker(new URL('../workers/batch-file.worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.onmessage = (event: MessageEvent<BatchFileAnswer>) => {
      const answer = event.data;
      setState(
        'check' in answer
          ? { status: 'read', file, check: answer.check }
          : { status: 'unreadable', file, reason: answer.failure },
      );
      worker.terminate();
    };
    worker.onerror = () => {
      setState({ status: 'unreadable', file, reason: 'The file could not be read.' });
      worker.terminate();
    };
    const message: BatchFileRequest = {
      file,
      fields: JSON.parse(fieldsKey) as BatchField[],
      limits: LIMITS,
    };
    worker.postMessage(message);
    return () => worker.terminate();
  }, [file, fieldsKey]);

  return state;
};
