/**
 * The test corpus: templates and pictures built by our own generators, plus public-domain US
 * federal forms kept in gov-forms/. Tests ask for a file by name; the file is built on first
 * use and cached on disk for every later test process, under a key made of the generators'
 * source, so an edited generator builds afresh.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as active from './active-content-pdfs.ts';
import * as forms from './form-pdfs.ts';
import * as widgetGroups from './form-widget-group-pdfs.ts';
import * as hostile from './hostile-pdfs.ts';
import * as images from './images.ts';
import * as geometry from './page-geometry-pdfs.ts';
import * as tooltips from './tooltip-form-pdfs.ts';

type Bytes = Uint8Array | Promise<Uint8Array>;
type Entry = { folder: 'pdfs' | 'images'; build: () => Bytes };
const pdf = (build: () => Bytes): Entry => ({ folder: 'pdfs', build });
const image = (build: () => Bytes): Entry => ({ folder: 'images', build });

const GENERATED = {
  // Page geometry.
  'two-pages-second-turned.pdf': pdf(geometry.twoPagesSecondTurned),
  'rotation-inherited-from-pages.pdf': pdf(geometry.rotationInheritedFromPages),
  'mediabox-inherited-from-pages.pdf': pdf(geometry.mediaBoxInheritedFromPages),
  'cropped-boxes-turned-8p.pdf': pdf(geometry.croppedBoxesTurned),
  'mixed-page-sizes-3p.pdf': pdf(geometry.mixedPageSizes),
  'pdf20-half-letter.pdf': pdf(geometry.onePdf20HalfPage),
  'nineteen-pages.pdf': pdf(geometry.nineteenPages),
  'printed-a4-form-classic-xref.pdf': pdf(geometry.printedA4FormClassicXref),
  // Fillable forms.
  'form-every-field-family.pdf': pdf(forms.everyFieldFamily),
  'form-unicode-names-push-buttons.pdf': pdf(forms.unicodeNamesAndPushButtons),
  'form-combed-fields-13p.pdf': pdf(forms.combedFields13Pages),
  'form-signature-and-shared-field.pdf': pdf(() => forms.signatureAndSharedField(false)),
  'form-signed.pdf': pdf(() => forms.signatureAndSharedField(true)),
  'form-widget-turned-by-appearance.pdf': pdf(forms.widgetTurnedByAppearance),
  'form-header-field-every-page.pdf': pdf(widgetGroups.headerFieldOnEveryPage),
  'form-prefilled-values.pdf': pdf(widgetGroups.prefilledValues),
  'form-xfa-dynamic.pdf': pdf(active.xfaForm),
  'form-long-tooltips.pdf': pdf(tooltips.tooltipForm),
  // Encrypted.
  'enc-aes256-user-password.pdf': pdf(() => active.encrypted('AES-256', 'view', 3)),
  'enc-aes256-empty-user-password.pdf': pdf(() => active.encrypted('AES-256', '')),
  'enc-aes128-user-password.pdf': pdf(() => active.encrypted('AES-128', 'secret')),
  'enc-rc4-40-user-password.pdf': pdf(() => active.encrypted('RC4-40', '623')),
  // Forms encrypted by qpdf: restrictions only (they open without a password), and one that needs one.
  'form-enc-rc4-40-no-user-password.pdf': pdf(() => active.encryptedByQpdf('RC4-40')),
  'form-enc-rc4-128-no-user-password.pdf': pdf(() => active.encryptedByQpdf('RC4-128')),
  'form-enc-aes128-no-user-password.pdf': pdf(() => active.encryptedByQpdf('AES-128')),
  'form-enc-aes256-no-user-password.pdf': pdf(() => active.encryptedByQpdf('AES-256')),
  'form-enc-aes256-clear-metadata.pdf': pdf(() => active.encryptedByQpdf('AES-256 clear metadata')),
  'form-enc-aes256-user-password.pdf': pdf(() => active.encryptedByQpdf('AES-256', 'open-me')),
  // Broken structure.
  'not-a-pdf.pdf': pdf(hostile.notAPdf),
  'startxref-int-overflow.pdf': pdf(hostile.startxrefOverflow),
  'junk-before-header.pdf': pdf(hostile.junkBeforeHeader),
  'page-tree-loop.pdf': pdf(hostile.pageTreeLoop),
  'page-tree-deep-loop-no-page.pdf': pdf(hostile.pageTreeDeepLoop),
  'page-count-lie.pdf': pdf(hostile.pageCountLie),
  'xref-prev-loop.pdf': pdf(hostile.xrefPrevLoop),
  'xref-keyword-missing.pdf': pdf(hostile.xrefWithoutKeyword),
  'xref-table-stray-text.pdf': pdf(hostile.xrefWithStrayText),
  'trailer-missing.pdf': pdf(hostile.missingTrailer),
  'root-missing.pdf': pdf(hostile.rootMissing),
  'flate-stream-damaged.pdf': pdf(hostile.damagedFlateStream),
  'object-stream-self-reference.pdf': pdf(hostile.objectStreamSelfReference),
  // Resource exhaustion and active content.
  'flate-bomb-1gib.pdf': pdf(hostile.flateBomb),
  'image-100000px-square.pdf': pdf(hostile.giantImage),
  'type3-font-cycle.pdf': pdf(hostile.type3Cycle),
  'javascript-print-on-open.pdf': pdf(active.javascriptOnOpen),
  'embedded-file.pdf': pdf(active.embeddedFile),
  'link-file-url.pdf': pdf(active.fileUrlLink),
  // Pictures.
  'photo-rgb-960x540.jpg': image(images.photoRgbJpeg),
  'photo-cmyk-exif-camera.jpg': image(images.photoCmykWithExif),
  'picture-rgba-600x375.png': image(images.rgbaPng),
  'picture-rgba-32x32.png': image(images.tinyRgbaPng),
  'png-text-profile-etc-passwd.png': image(images.pngWithFileProfile),
  'svg-script-onload-foreignobject.svg': image(images.svgWithScript),
  'svg-external-image-href.svg': image(images.svgWithExternalImage),
  'html-script-named-png.png': image(images.htmlNamedAsPng),
  'jpeg-pixel-flood-64250px.jpg': image(images.jpegPixelFlood),
  'png-pixel-flood-50000px.png': image(images.pngPixelFlood),
  'png-two-colour-noise-2800px.png': image(images.pngTwoColourNoise),
  'svgz-million-rects.svgz': image(images.svgzMillionRects),
} satisfies Record<string, Entry>;

/** US federal and state forms, committed as published; sources in gov-forms/README.md. */
const GOV_FORMS = {
  'irs-fw9.pdf': 'IRS Form W-9: 6 pages, AcroForm with XFA, comb fields and hierarchical names',
  'irs-f1040-2010-prefilled.pdf':
    'IRS Form 1040 (2010): 2 pages, 242 fields, Acrobat hybrid xref (table plus /XRefStm)',
  'irs-i1040-instructions-24p.pdf':
    'IRS 1040 instructions, pages 1-24: 2 MB, ~84,000 objects in object streams',
  'irs-f1040-2013.pdf': 'IRS Form 1040 (2013): 246 fields, read-only preparer values, lists',
  'irs-f1040ez-2013.pdf': 'IRS Form 1040EZ (2013), LiveCycle: read-only preparer values',
  'irs-f1040a-2013.pdf': 'IRS Form 1040A (2013), LiveCycle: 157 fields',
  'irs-f4868-2013.pdf': 'IRS Form 4868 (2013): 38 fields, one checkbox group',
  'irs-fw2-2013.pdf': 'IRS Form W-2 (2013), written by iText: 76 fields with tooltips',
  'irs-f1099r-2013.pdf': 'IRS Form 1099-R (2013): 47 fields with tooltips',
  'irs-f941sb.pdf': 'IRS Schedule B (Form 941), LiveCycle Designer: 212 fields, no tooltips',
  'ssa-ss5-2011-encrypted.pdf':
    'SSA Form SS-5 (2011), LiveCycle: encrypted with an empty user password, radio groups',
  'va-760-2013.pdf': 'Virginia Form 760 (2013): read-only "Virginia Approved Form for Filing"',
  'nd-1-2013.pdf': 'North Dakota Form ND-1 (2013): radio groups, a read-only preparer value',
  'sc-1040-2013.pdf': 'South Carolina SC1040 (2013): 3 pages, read-only values, list defaults',
  'dc-d40-2013.pdf': 'District of Columbia D-40 (2013): radio groups with a value set',
  'de-200-01-2013.pdf': 'Delaware Form 200-01 (2013): 142 fields with tooltips',
  'or-40-2013.pdf': 'Oregon Form 40 (2013): 148 fields',
  'or-10-2013.pdf': 'Oregon Form 10 (2013): 221 fields, three text fields with several widgets',
  'or-40-2021.pdf': 'Oregon Form OR-40 (2021), InDesign: 8 pages, name and SSN in every header',
  'mo-dss-food-stamp-application-encrypted.pdf':
    'Missouri food stamp application, 8 pages: encrypted (empty user password), 31 checkbox groups',
} as const;

export type GeneratedName = keyof typeof GENERATED;
export type GovFormName = keyof typeof GOV_FORMS;
export type CorpusName = GeneratedName | GovFormName;
export type CorpusFolder = 'pdfs' | 'images';

const here = import.meta.dirname;
const govFormsDir = join(here, 'gov-forms');

/** What invalidates the cache: the source of every generator. */
const generatorsKey = () => {
  const hash = createHash('sha256');
  for (const file of readdirSync(here)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    hash.update(file).update(readFileSync(join(here, file)));
  }
  return hash.digest('hex').slice(0, 16);
};
const cacheDir = join(tmpdir(), 'platen-test-corpus', generatorsKey());

const isGovForm = (name: CorpusName): name is GovFormName => name in GOV_FORMS;

export const folderOf = (name: CorpusName): CorpusFolder =>
  isGovForm(name) ? 'pdfs' : GENERATED[name].folder;

const building = new Map<GeneratedName, Promise<string>>();

const build = async (name: GeneratedName): Promise<string> => {
  const path = join(cacheDir, name);
  if (existsSync(path)) return path;
  const bytes = await GENERATED[name].build();
  mkdirSync(cacheDir, { recursive: true });
  // Test files run in parallel processes: each writes aside, and the rename is atomic.
  const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(partial, bytes);
  renameSync(partial, path);
  return path;
};

/** The path of a corpus file, built first if this machine has not built it yet. */
export const corpusPath = (name: CorpusName): Promise<string> => {
  if (isGovForm(name)) return Promise.resolve(join(govFormsDir, name));
  let path = building.get(name);
  if (!path) {
    path = build(name);
    building.set(name, path);
  }
  return path;
};

export const corpusBytes = async (name: CorpusName): Promise<Uint8Array> =>
  new Uint8Array(readFileSync(await corpusPath(name)));

export const generatedNames = Object.keys(GENERATED) as GeneratedName[];
const govFormNames = Object.keys(GOV_FORMS) as GovFormName[];

/** Every file of the corpus in one folder (or both), sorted by name. */
export const corpusNames = (folder?: CorpusFolder): CorpusName[] =>
  [...generatedNames, ...govFormNames]
    .filter((name) => folder === undefined || folderOf(name) === folder)
    .sort();

/** Builds a name's bytes without the cache: for checking that a build repeats. */
export const buildAfresh = async (name: GeneratedName) => GENERATED[name].build();
