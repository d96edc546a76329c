/**
 * Encrypted PDFs that open without a password. Many official forms are encrypted only to
 * restrict editing or copying: the user password is empty, an owner password holds the
 * restrictions, and every viewer opens them. Such a file is decrypted once, on upload, and
 * written out as a plain PDF; the rest of the engine (and every stored template and output)
 * never sees encryption. A file that needs a password to open is refused.
 *
 * Why @cantoo/pdf-lib: it is already the engine's PDF library and decrypts on load when given
 * a `password` (the standard security handler: RC4 40/128-bit and AES-128/256, revisions 2 to
 * 6, ported from pdf.js, whose crypto is widely used). pdfjs-dist decrypts too, but only for
 * reading: it cannot write the file back. Tests check it on files encrypted by qpdf, an
 * independent implementation. Two things its decrypting load gets wrong are put right here:
 * - it "decrypts" the /Encrypt dictionary itself, which stays in the file unreferenced with
 *   garbled strings (qpdf --check complains): it is deleted;
 * - with /EncryptMetadata false the metadata stream is stored in clear and must not be
 *   decrypted, but is: it is taken from a parse without decryption;
 * - it keeps the file's cross-reference streams as objects, "decrypted" although they never are
 *   encrypted (so unparsable, kept as raw bytes), each naming the deleted /Encrypt: they
 *   describe the old layout and are deleted, found in the parse without decryption (a fill
 *   once read a leftover one and wrote its /Encrypt into its own trailer).
 */
import {
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  type PDFContext,
} from '@cantoo/pdf-lib';
import { PdfEngineError } from './errors.ts';

/**
 * The bytes to store for an upload, and whether encryption (and with it the owner's
 * restrictions) was taken off.
 *
 * @example
 * const { pdf, restrictionsRemoved } = await unlockPdf(uploadedBytes);
 */
export interface UnlockedPdf {
  pdf: Uint8Array;
  restrictionsRemoved: boolean;
}

export const needsPasswordError = () =>
  new PdfEngineError(
    'ENCRYPTED',
    'This PDF needs a password to open, and Platen cannot open password-protected PDFs. Upload a copy that opens without a password.',
  );

const unknownEncryptionError = () =>
  new PdfEngineError(
    'ENCRYPTED',
    'This PDF is encrypted in a way Platen cannot open (not with a password of the standard kind). Upload a copy that is not encrypted.',
  );

const loadOptions = { parseSpeed: Infinity, updateMetadata: false, preserveXFA: true } as const;

// Every encrypted file names its /Encrypt dictionary in a trailer or an xref stream's
// dictionary, which are never compressed: without these bytes the file is not encrypted, and
// the usual upload is spared a second parse.
const mentionsEncrypt = (bytes: Uint8Array): boolean =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('/Encrypt');

// pdf-lib's messages when the empty password does not open the file (crypto.ts).
const PASSWORD_MESSAGES = new Set(['NEEDS PASSWORD', 'Password incorrect']);

const decrypt = async (bytes: Uint8Array): Promise<PDFDocument> => {
  try {
    return await PDFDocument.load(bytes, { ...loadOptions, password: '' });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    throw PASSWORD_MESSAGES.has(message) ? needsPasswordError() : unknownEncryptionError();
  }
};

const isStreamOfType = (object: unknown, type: string): object is PDFRawStream =>
  object instanceof PDFRawStream && object.dict.get(PDFName.of('Type')) === PDFName.of(type);

/** Deletes what only described the encrypted file's layout (see above). */
const deleteOldXrefStreams = (raw: PDFContext, decrypted: PDFContext) => {
  for (const [ref, object] of raw.enumerateIndirectObjects()) {
    if (isStreamOfType(object, 'XRef')) decrypted.delete(ref);
  }
};

/** Puts the clear metadata streams of the undecrypted parse back over their garbled copies. */
const restoreClearMetadata = (raw: PDFContext, decrypted: PDFContext) => {
  for (const [ref, object] of raw.enumerateIndirectObjects()) {
    if (!isStreamOfType(object, 'Metadata')) continue;
    decrypted.assign(ref, PDFRawStream.of(object.dict.clone(decrypted), object.contents));
  }
};

/**
 * Returns the PDF unchanged when it is not encrypted, and decrypted and rewritten when it opens
 * with an empty user password. Files that do not parse come back unchanged, for `analyse` to
 * refuse as it refuses any damaged file.
 * Throws PdfEngineError ENCRYPTED when a password (or another security handler) is needed.
 */
export const unlockPdf = async (pdf: Uint8Array): Promise<UnlockedPdf> => {
  const unchanged = { pdf, restrictionsRemoved: false };
  if (!mentionsEncrypt(pdf)) return unchanged;
  let raw: PDFDocument;
  try {
    raw = await PDFDocument.load(pdf, { ...loadOptions, ignoreEncryption: true });
  } catch {
    return unchanged;
  }
  if (!raw.isEncrypted) return unchanged;
  const encrypt = raw.context.trailerInfo.Encrypt;
  const encryptDict = raw.context.lookup(encrypt);
  const encryptsMetadata =
    !(encryptDict instanceof PDFDict) ||
    encryptDict.get(PDFName.of('EncryptMetadata'))?.toString() !== 'false';
  const doc = await decrypt(pdf);
  if (encrypt instanceof PDFRef) doc.context.delete(encrypt);
  deleteOldXrefStreams(raw.context, doc.context);
  if (!encryptsMetadata) restoreClearMetadata(raw.context, doc.context);
  try {
    return { pdf: await doc.save({ updateFieldAppearances: false }), restrictionsRemoved: true };
  } catch {
    return unchanged; // analyse then refuses it as encrypted, with the general message
  }
};
