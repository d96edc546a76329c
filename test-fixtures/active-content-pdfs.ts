/**
 * Well-formed files that carry what a template must not: JavaScript, an attached file, a link
 * to the reader's own disk, a dynamic XFA form, encryption.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, StandardFonts } from '@cantoo/pdf-lib';
import { everyFieldFamily } from './form-pdfs.ts';
import { onePage, writePdf } from './pdf-writer.ts';

/** Document JavaScript that prints on open, as named JavaScript and as the open action. */
export const javascriptOnOpen = () =>
  writePdf({
    objects: [
      ...onePage({
        text: 'This file prints itself when opened',
        catalog: '/OpenAction 6 0 R /Names << /JavaScript << /Names [(print) 6 0 R] >> >>',
      }),
      { id: 6, body: '<< /Type /Action /S /JavaScript /JS (this.print\\(true\\);) >>' },
    ],
  });

/** An attached file, listed in /EmbeddedFiles and shown by a FileAttachment annotation. */
export const embeddedFile = () =>
  writePdf({
    objects: [
      ...onePage({
        text: 'This file carries another file',
        catalog: '/Names << /EmbeddedFiles << /Names [(run.bat) 7 0 R] >> >>',
        page: '/Annots [8 0 R]',
      }),
      {
        id: 6,
        dict: '/Type /EmbeddedFile /Subtype /application#2Foctet-stream',
        stream: '@echo off\r\necho hello\r\n',
      },
      { id: 7, body: '<< /Type /Filespec /F (run.bat) /UF (run.bat) /EF << /F 6 0 R >> >>' },
      {
        id: 8,
        body: '<< /Type /Annot /Subtype /FileAttachment /Rect [72 600 92 620] /FS 7 0 R /Name /Paperclip >>',
      },
    ],
  });

/** A link to a file on the reader's own machine. */
export const fileUrlLink = () =>
  writePdf({
    objects: [
      ...onePage({ text: 'A link to file:///etc/passwd', page: '/Annots [6 0 R]' }),
      {
        id: 6,
        body: '<< /Type /Annot /Subtype /Link /Rect [72 690 300 716] /Border [0 0 0] /A << /S /URI /URI (file:///etc/passwd) >> >>',
      },
    ],
  });

/** A dynamic XFA form: its AcroForm has no fields, the catalog asks for rendering at view time. */
export const xfaForm = () => {
  const xdp =
    '<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template xmlns="http://www.xfa.org/schema/xfa-template/3.3/">' +
    '<subform name="form1"><field name="Name"/></subform></template></xdp:xdp>';
  return writePdf({
    objects: [
      ...onePage({
        text: 'Please wait... this form needs a viewer that supports XFA',
        catalog: '/NeedsRendering true /AcroForm << /Fields [] /XFA 6 0 R >>',
      }),
      { id: 6, dict: '', stream: xdp },
    ],
  });
};

type Cipher = 'AES-256' | 'AES-128' | 'RC4-40' | 'RC4-128';

/** A real encrypted file (pdf-lib's encryption; its salts are random, so bytes differ per build). */
export const encrypted = async (algorithm: Cipher, userPassword: string, pages = 1) => {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    doc
      .addPage([612, 792])
      .drawText(`Encrypted page ${i} (${algorithm})`, { x: 72, y: 700, font, size: 14 });
  }
  doc.encrypt({
    algorithm,
    allowWeakCryptography: algorithm.startsWith('RC4'),
    userPassword,
    ownerPassword: 'master',
    permissions: { printing: false, modifying: false, copying: false },
  });
  return doc.save({ useObjectStreams: false });
};

type QpdfCipher = 'RC4-40' | 'RC4-128' | 'AES-128' | 'AES-256' | 'AES-256 clear metadata';

const QPDF_KEY_OPTIONS: Record<QpdfCipher, string[]> = {
  'RC4-40': ['40', '--print=n', '--modify=n', '--extract=n'], // revision 2
  'RC4-128': ['128', '--print=none', '--modify=none', '--extract=n'], // revision 3
  'AES-128': ['128', '--use-aes=y', '--print=none', '--modify=none'], // revision 4
  'AES-256': ['256', '--print=none', '--modify=none', '--extract=n'], // revision 6
  'AES-256 clear metadata': ['256', '--cleartext-metadata', '--modify=none'],
};

/** XMP text the fill form carries in its metadata stream, to be found again after decryption. */
export const FORM_METADATA_MARK = 'Platen encrypted-form metadata';

/**
 * The every-field-family form (with an XMP metadata stream) encrypted by qpdf, an
 * implementation independent of pdf-lib's: owner password `owner-secret`, restrictions on
 * printing, editing and copying, and the given user password (empty: it opens without one).
 */
export const encryptedByQpdf = async (cipher: QpdfCipher, userPassword = '') => {
  const doc = await PDFDocument.load(await everyFieldFamily(), { updateMetadata: false });
  const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><!-- ${FORM_METADATA_MARK} --></x:xmpmeta>`;
  const metadata = doc.context.stream(xmp, { Type: 'Metadata', Subtype: 'XML' });
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(metadata));
  const dir = mkdtempSync(join(tmpdir(), 'platen-qpdf-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), await doc.save());
    execFileSync('qpdf', [
      '--allow-weak-crypto',
      '--encrypt',
      userPassword,
      'owner-secret',
      ...QPDF_KEY_OPTIONS[cipher],
      '--',
      join(dir, 'in.pdf'),
      join(dir, 'out.pdf'),
    ]);
    return new Uint8Array(readFileSync(join(dir, 'out.pdf')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
