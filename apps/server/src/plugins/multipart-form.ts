import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

export type MultipartForm<F extends string> = {
  file: { data: Buffer; filename: string; mimetype: string } | undefined;
  fields: Partial<Record<F, string>>;
};

const badForm = (message: string) => new AppError('VALIDATION_ERROR', 400, message);

// busboy reports a form that ends before its closing boundary, or has no boundary at all, with
// plain Errors ("Unexpected end of multipart data", "Part terminated early due to unexpected end
// of multipart data", "Multipart: Boundary not found"): their text is all that tells them apart.
const MALFORMED_FORMS: [RegExp, string][] = [
  [
    /unexpected end of multipart data/i,
    'The form data ends before its last part: the upload is incomplete. Please send it again.',
  ],
  [/boundary (not found|required)/i, 'The multipart form has no boundary in its Content-Type.'],
];

const malformedFormMessage = (error: unknown) =>
  error instanceof Error && !(error instanceof AppError)
    ? MALFORMED_FORMS.find(([pattern]) => pattern.test(error.message))?.[1]
    : undefined;

const readParts = async <F extends string>(
  request: FastifyRequest,
  opts: { fileField: string; fields: readonly F[] },
): Promise<MultipartForm<F>> => {
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

/**
 * Reads an upload form with exactly the expected parts: at most one file in `fileField` and the
 * named text fields. Any other part, or a second file, is a 400 (security.md §30), and so is a
 * form cut off before its end; the size limit of the multipart plugin stops an oversized file
 * while it streams, without buffering it whole.
 */
export const readMultipartForm = async <F extends string>(
  request: FastifyRequest,
  opts: { fileField: string; fields: readonly F[] },
): Promise<MultipartForm<F>> => {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the file as multipart/form-data.');
  }
  try {
    return await readParts(request, opts);
  } catch (error) {
    const message = malformedFormMessage(error);
    throw message ? badForm(message) : error;
  }
};
