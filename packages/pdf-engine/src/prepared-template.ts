/**
 * A template analysed once for filling many times: its bytes, its xref (checked), and per page
 * the pieces needed to rewrite the page object in an incremental update. No pdf-lib objects are
 * kept: a parsed 24-page form holds tens of megabytes, the pieces a few kilobytes.
 */
import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFRef,
  type PDFContext,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { asEngineError, loadTemplate, type LoadedTemplate } from './load-template.ts';
import type { PageGeometry } from './pdf-user-space.ts';
import { objectText, type ObjectRef } from './pdf-syntax.ts';
import { TemplateResources } from './template-resources.ts';
import { readXref, type XrefInfo } from './xref-read.ts';

/** A page's dictionary taken apart, so a document can add its own content and resources. */
export interface PreparedPage {
  ref: ObjectRef;
  geometry: PageGeometry;
  /** Every entry except /Contents and /Resources, as written in the template. */
  dictBody: string;
  /** The template's content streams, as references separated by spaces (may be empty). */
  contents: string;
  /** The resources' entries other than the three a fill adds to. */
  resourcesBody: string;
  fonts: string;
  xObjects: string;
  extGStates: string;
}

/** The trailer entries an update repeats, as text. */
export interface TrailerInfo {
  style: XrefInfo['style'];
  startxref: number;
  root: string;
  info: string | undefined;
  id: string | undefined;
}

/**
 * What preparing a template found, as plain data: it crosses between threads (structured
 * clone), so a thread can fill a template another thread parsed.
 */
export interface PreparedTemplateData {
  /** The bytes every document starts with (the upload, or its one-time rewrite). */
  base: Uint8Array;
  /** True when the upload's own xref could not be trusted and it was rewritten once. */
  isRewritten: boolean;
  pages: PreparedPage[];
  trailer: TrailerInfo;
  /** The template's /Size: shared and per-document objects are numbered from here. */
  size: number;
}

/** The prepared data plus the objects this thread shares between the template's documents. */
export interface PreparedTemplate extends PreparedTemplateData {
  resources: TemplateResources;
}

const entriesText = (context: PDFContext, value: PDFObject | undefined, skip: Set<string>) => {
  const dict = value instanceof PDFRef ? context.lookup(value) : value;
  if (!(dict instanceof PDFDict)) return '';
  let text = '';
  for (const [key, entry] of dict.entries()) {
    if (skip.has(key.asString())) continue;
    text += ` ${objectText(key)} ${objectText(entry)}`;
  }
  return text;
};

const NONE = new Set<string>();
const PAGE_REWRITTEN = new Set(['/Contents', '/Resources']);
const RESOURCES_EXTENDED = new Set(['/Font', '/XObject', '/ExtGState']);

const contentsText = (context: PDFContext, value: PDFObject | undefined): string => {
  if (value === undefined) return '';
  const resolved = value instanceof PDFRef ? context.lookup(value) : value;
  if (resolved instanceof PDFArray) {
    return resolved
      .asArray()
      .map((item) => objectText(item))
      .join(' ');
  }
  return value instanceof PDFRef ? objectText(value) : '';
};

const preparePage = (t: LoadedTemplate, index: number): PreparedPage => {
  const { context } = t.doc;
  const info = t.pages[index]!;
  const resources = info.resources as PDFObject | undefined;
  const resolved = resources instanceof PDFRef ? context.lookup(resources) : resources;
  const part = (key: string) =>
    resolved instanceof PDFDict ? entriesText(context, resolved.get(PDFName.of(key)), NONE) : '';
  return {
    ref: { num: info.ref.objectNumber, gen: info.ref.generationNumber },
    geometry: t.geometries[index]!,
    dictBody: entriesText(context, info.leaf, PAGE_REWRITTEN),
    contents: contentsText(context, info.leaf.get(PDFName.of('Contents'))),
    resourcesBody: entriesText(context, resolved, RESOURCES_EXTENDED),
    fonts: part('Font'),
    xObjects: part('XObject'),
    extGStates: part('ExtGState'),
  };
};

/** Resource names already used on any page, so a fill's own names never collide. */
const usedNames = (pages: PreparedPage[]) =>
  pages.map((p) => `${p.fonts} ${p.xObjects} ${p.extGStates}`).join(' ');

const fromLoaded = (
  t: LoadedTemplate,
  base: Uint8Array,
  xref: XrefInfo,
  isRewritten: boolean,
): PreparedTemplate => {
  const pages = t.pages.map((_, i) => preparePage(t, i));
  const trailer: TrailerInfo = {
    style: xref.style,
    startxref: xref.startxref,
    root: objectText(xref.root),
    info: xref.info && objectText(xref.info),
    id: xref.id && objectText(xref.id),
  };
  return fromData({ base, isRewritten, pages, trailer, size: xref.size });
};

/** A prepared template from its plain data (e.g. prepared by another thread). */
export const fromData = (data: PreparedTemplateData): PreparedTemplate => ({
  ...data,
  resources: new TemplateResources(data.size, usedNames(data.pages)),
});

/** The plain data of a prepared template, without this thread's shared objects. */
export const toData = ({ base, isRewritten, pages, trailer, size }: PreparedTemplate) => ({
  base,
  isRewritten,
  pages,
  trailer,
  size,
});

/**
 * Parses and checks a template once; keeps `bytes` (pass a copy the caller will not change). When its xref cannot be trusted (or loading had to repair
 * the page tree), pdf-lib rewrites the whole file once and that rewrite becomes the base.
 * Throws the refusals of {@link loadTemplate}.
 */
export const prepareTemplate = async (bytes: Uint8Array): Promise<PreparedTemplate> => {
  const own = bytes;
  const loaded = await loadTemplate(own);
  const xref = loaded.isRepaired ? undefined : readXref(own, loaded.doc.context);
  if (xref) return fromLoaded(loaded, own, xref, false);
  let rewritten: Uint8Array;
  try {
    rewritten = await loaded.doc.save({ updateFieldAppearances: false });
  } catch (error) {
    throw asEngineError(error);
  }
  const reloaded = await loadTemplate(rewritten);
  const checked = reloaded.isRepaired ? undefined : readXref(rewritten, reloaded.doc.context);
  if (!checked) throw asEngineError(new Error('rewritten template has no usable xref'));
  return fromLoaded(reloaded, rewritten, checked, true);
};

/** Approximate memory a prepared template holds, for the cache's byte budget. */
export const preparedSize = (t: PreparedTemplate): number => {
  let text = 0;
  for (const p of t.pages) {
    text += p.dictBody.length + p.contents.length + p.resourcesBody.length + p.fonts.length + 200;
    text += p.xObjects.length + p.extGStates.length;
  }
  return t.base.length + text * 2 + t.resources.sizeInBytes();
};
