import type { ErrorCode } from '@platen/contract';
import { AppError } from '../lib/app-error.ts';
import type { EngineRefusal } from './pdf-tasks.ts';

const STATUS_BY_ENGINE_CODE: Record<string, { code: ErrorCode; status: number }> = {
  NOT_A_PDF: { code: 'INVALID_PDF', status: 400 },
  DAMAGED: { code: 'INVALID_PDF', status: 400 },
  ENCRYPTED: { code: 'PDF_ENCRYPTED', status: 400 },
  TOO_MANY_PAGES: { code: 'PDF_TOO_MANY_PAGES', status: 400 },
  UNSUPPORTED: { code: 'PDF_UNSUPPORTED', status: 400 },
  INVALID_FIELD: { code: 'INVALID_FIELDS', status: 400 },
  PAGE_NOT_FOUND: { code: 'INVALID_FIELDS', status: 400 },
  INVALID_VALUE: { code: 'INVALID_VALUES', status: 400 },
  TEXT_DOES_NOT_FIT: { code: 'TEXT_DOES_NOT_FIT', status: 422 },
  MISSING_GLYPHS: { code: 'MISSING_GLYPHS', status: 422 },
};

/**
 * The engine's refusal as an HTTP answer; its message is already written for a person, and names
 * first the field it lists first.
 */
export const engineRefusalToError = (refusal: EngineRefusal): AppError => {
  const mapped = STATUS_BY_ENGINE_CODE[refusal.code] ?? { code: 'INVALID_PDF', status: 400 };
  return new AppError(mapped.code, mapped.status, refusal.message, {}, {}, refusal.fields[0]);
};
