import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

export type MultipartForm<F extends string> = {
  file: { data: Buffer; filename: string; mimetype: string } | undefined;
  fields: Partial<Record<F, string>>;
};

const badForm = (message: string) => new AppError('VALIDATION_ERROR', 400, message);

/**
 * Reads an upload form with exactly the expected parts: at most one file in `fileField` and the
 * named text fields. Any other part, or a second file, is a 400 (SECURITY.md §30); the size limit
 * of the multipart plugin stops an oversized file while it streams, without buffering it whole.
 */
export const readMultipartForm = async <F extends string>(
  request: FastifyRequest,
  opts: { fileField: string; fields: readonly F[] },
): Promise<MultipartForm<F>> => {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the file as multipart/form-data.');
  }
  const form: MultipartForm<F> = { file: undefined, fields: {} };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== opts.fileField || form.file) {
        part.file.resume();
        throw badForm(`Send exactly one file, in the "${opts.fileField}" field.`);
      }
      form.file = { data: await part.toBuffer(), filename: part.filename, mimetype: part.mimetype };
    } else {
      const name = part.fieldname as F;
      if (!opts.fields.includes(name) || name in form.fields) {
        throw badForm(`The form has an unexpected field "${part.fieldname}".`);
      }
      form.fields[name] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  }
  return form;
};
