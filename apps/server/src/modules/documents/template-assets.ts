import type { FieldSpec, FieldValues } from '@platen/pdf-engine';
import type { Db } from '../../db/tables.ts';
import { ByteLru } from '../../lib/byte-lru.ts';
import {
  findBlob,
  findTemplatePdf,
  listStamps,
  listVersionStamps,
  stampsAsFields,
} from '../templates/index.ts';

/**
 * What a document is filled from: a template's draft at one revision, or one of its published
 * versions. Its fields are parsed only when not cached yet.
 */
export type FillSource = {
  id: string;
  /** The draft's revision (it goes up with every edit), or the published version. */
  source: { draft: number } | { version: number; pdfHash: string };
  fields: () => FieldSpec[];
  /**
   * Every label the version defines, also of fields with no page to print on (a draft whose PDF
   * was replaced by a shorter one); the fields' own labels when left out.
   */
  labels?: () => string[];
  /** The template's default language (the draft's or the version's), for fields without one. */
  language?: string;
};

/** `<template id>:r<revision>` or `<template id>:v<version>`: an edit or a publish makes a new key. */
const keyOf = ({ id, source }: FillSource) =>
  'draft' in source ? `${id}:r${source.draft}` : `${id}:v${source.version}`;

/** The PDF and stamps of a draft, or of a published version (immutable, by content hash). */
const loadFiles = async (db: Db, { id, source }: FillSource) =>
  'draft' in source
    ? Promise.all([findTemplatePdf(db, id), listStamps(db, id)])
    : Promise.all([findBlob(db, source.pdfHash), listVersionStamps(db, id, source.version)]);

/** What filling a template needs: its fields, the PDF and the stamps (in shared memory). */
export type TemplateAssets = {
  /** See `keyOf`: a new PDF, new fields or new stamps make a new key. */
  key: string;
  pdf: Uint8Array;
  /** The template's own fields, which a payload fills. */
  fields: FieldSpec[];
  /** The stamps, then the template's fields: what the engine draws. */
  fillFields: FieldSpec[];
  stampValues: FieldValues;
};

/** Bytes of template PDFs and stamps kept per process. */
const CACHE_BYTES = 256 * 1024 * 1024;

// Shared memory crosses into the worker threads without being copied for every document.
const shared = (bytes: Uint8Array): Uint8Array => {
  const view = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  view.set(bytes);
  return view;
};

const sizeOf = (assets: TemplateAssets) =>
  assets.pdf.byteLength +
  Object.values(assets.stampValues).reduce(
    (sum: number, value) => sum + (value instanceof Uint8Array ? value.byteLength : 0),
    0,
  );

/**
 * Template PDFs, parsed fields and stamps by draft revision or published version, so a generate
 * call reads only the template's row. Keyed so, the cache is right on any number of instances:
 * an edit anywhere bumps the revision, a published version never changes.
 */
export const createTemplateAssetsCache = (db: Db) => {
  const lru = new ByteLru<TemplateAssets>(CACHE_BYTES, sizeOf);
  return async (template: FillSource): Promise<TemplateAssets> => {
    const key = keyOf(template);
    const cached = lru.get(key);
    if (cached) return cached;
    const [pdf, stamps] = await loadFiles(db, template);
    const stampFields = stampsAsFields(stamps);
    const fields = template.fields();
    const assets: TemplateAssets = {
      key,
      pdf: shared(pdf ?? new Uint8Array()),
      fields,
      fillFields: [...stampFields.fields, ...fields],
      stampValues: Object.fromEntries(
        Object.entries(stampFields.values).map(([label, value]) => [
          label,
          value instanceof Uint8Array ? shared(value) : value,
        ]),
      ),
    };
    lru.set(key, assets);
    return assets;
  };
};
