import type { FieldSpec, FieldValues } from '@platen/pdf-engine';
import type { Db } from '../../db/tables.ts';
import { ByteLru } from '../../lib/byte-lru.ts';
import { listStamps } from '../templates/stamps.repository.ts';
import { stampsAsFields } from '../templates/stamps.ts';
import { findTemplatePdf } from '../templates/templates.repository.ts';

/** A template version as its row names it; its fields are parsed only when not cached yet. */
export type TemplateVersion = { id: string; version: number; fields: () => FieldSpec[] };

/** What filling a template needs: its fields, the PDF and the stamps (in shared memory). */
export type TemplateAssets = {
  /** `<template id>:<version>`: a new PDF, new fields or new stamps make a new key. */
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
 * Template PDFs, parsed fields and stamps by template version, so a generate call reads only
 * the template's row.
 * Keyed by version, the cache is right on any number of instances: an edit anywhere bumps the
 * version, and the next request here loads the new assets.
 */
export const createTemplateCache = (db: Db) => {
  const lru = new ByteLru<TemplateAssets>(CACHE_BYTES, sizeOf);
  return async (template: TemplateVersion): Promise<TemplateAssets> => {
    const key = `${template.id}:${template.version}`;
    const cached = lru.get(key);
    if (cached) return cached;
    const [pdf, stamps] = await Promise.all([
      findTemplatePdf(db, template.id),
      listStamps(db, template.id),
    ]);
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
