/**
 * The TrueType faces text outside WinAnsi is drawn with, and the fallback chain that picks one
 * per character: the field family's own face (Arimo, Tinos, Cousine), then Noto faces by script,
 * then DejaVu Sans and the symbol faces. Every face comes from an npm package (all OFL).
 *
 * Faces are loaded on first use, once per fill engine, into HarfBuzz (harfbuzzjs, WebAssembly) for
 * shaping; CJK faces are 5-10 MB each, so a document that never needs them never loads them.
 * The server fills documents with embedded fonts in worker threads, so this loading happens off
 * the request thread.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { rgb, type RGB } from '@cantoo/pdf-lib';
import type * as HarfBuzz from 'harfbuzzjs';
import { COLOR_EMOJI_FACE, loadedColorEmoji } from './color-emoji.ts';
import type { FontFamily } from './types.ts';

export type FaceName =
  | 'arimo'
  | 'tinos'
  | 'cousine'
  | 'dejavu'
  | 'noto-arabic'
  | 'noto-hebrew'
  | 'noto-devanagari'
  | 'noto-thai'
  | 'noto-bengali'
  | 'noto-gurmukhi'
  | 'noto-gujarati'
  | 'noto-oriya'
  | 'noto-tamil'
  | 'noto-telugu'
  | 'noto-kannada'
  | 'noto-malayalam'
  | 'noto-sinhala'
  | 'noto-lao'
  | 'noto-tibetan'
  | 'noto-myanmar'
  | 'noto-ethiopic'
  | 'noto-khmer'
  | 'noto-sc'
  | 'noto-tc'
  | 'noto-jp'
  | 'noto-kr'
  | 'noto-symbols2'
  | 'noto-emoji'
  | typeof COLOR_EMOJI_FACE;

/** The regular TTF of a Noto Sans package of `@expo-google-fonts`. */
const notoSans = (pkg: string, name: string) =>
  `@expo-google-fonts/noto-sans-${pkg}/400Regular/NotoSans${name}_400Regular.ttf`;

/**
 * Where each face lives in node_modules. To add a face: a package, a line here, a place in CHAIN.
 * The colour emoji face is unpacked from WOFF2 instead (color-emoji.ts).
 */
const FACE_PATHS: Record<Exclude<FaceName, typeof COLOR_EMOJI_FACE>, string> = {
  arimo: '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf',
  tinos: '@expo-google-fonts/tinos/400Regular/Tinos_400Regular.ttf',
  cousine: '@expo-google-fonts/cousine/400Regular/Cousine_400Regular.ttf',
  dejavu: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  'noto-arabic': '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  'noto-hebrew': '@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf',
  'noto-devanagari':
    '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
  'noto-thai': '@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf',
  'noto-bengali': notoSans('bengali', 'Bengali'),
  'noto-gurmukhi': notoSans('gurmukhi', 'Gurmukhi'),
  'noto-gujarati': notoSans('gujarati', 'Gujarati'),
  'noto-oriya': notoSans('oriya', 'Oriya'),
  'noto-tamil': notoSans('tamil', 'Tamil'),
  'noto-telugu': notoSans('telugu', 'Telugu'),
  'noto-kannada': notoSans('kannada', 'Kannada'),
  'noto-malayalam': notoSans('malayalam', 'Malayalam'),
  'noto-sinhala': notoSans('sinhala', 'Sinhala'),
  'noto-lao': notoSans('lao', 'Lao'),
  // Google Fonts has no static Noto Sans Tibetan: the serif is the only Tibetan Noto face.
  'noto-tibetan':
    '@expo-google-fonts/noto-serif-tibetan/400Regular/NotoSerifTibetan_400Regular.ttf',
  'noto-myanmar': notoSans('myanmar', 'Myanmar'),
  'noto-ethiopic': notoSans('ethiopic', 'Ethiopic'),
  'noto-khmer': notoSans('khmer', 'Khmer'),
  'noto-sc': '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  'noto-tc': '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
  'noto-jp': '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  'noto-kr': '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  'noto-symbols2':
    '@expo-google-fonts/noto-sans-symbols-2/400Regular/NotoSansSymbols2_400Regular.ttf',
  'noto-emoji': '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
};

const FAMILY_FACE: Record<FontFamily, FaceName> = {
  arial: 'arimo',
  helvetica: 'arimo',
  timesnewroman: 'tinos',
  courier: 'cousine',
};

/**
 * After the family's face, in order. Script faces come before DejaVu Sans so Arabic and Hebrew
 * are drawn by faces made for them; Han goes to Simplified Chinese unless the value holds kana
 * (Japanese) or hangul (Korean), see {@link chainFor}.
 */
const SCRIPT_FACES: FaceName[] = [
  'noto-arabic',
  'noto-hebrew',
  'noto-devanagari',
  'noto-thai',
  'noto-bengali',
  'noto-gurmukhi',
  'noto-gujarati',
  'noto-oriya',
  'noto-tamil',
  'noto-telugu',
  'noto-kannada',
  'noto-malayalam',
  'noto-sinhala',
  'noto-lao',
  'noto-tibetan',
  'noto-myanmar',
  'noto-ethiopic',
  'noto-khmer',
];
const CJK_FACES: FaceName[] = ['noto-sc', 'noto-tc', 'noto-jp', 'noto-kr'];
const LAST_FACES: FaceName[] = ['dejavu', 'noto-symbols2', 'noto-emoji'];

const KANA = /[\u3040-\u30ff\u31f0-\u31ff]/;
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;

const DANDAS: [number, number] = [0x0964, 0x0965];

/** Code point ranges a script face is tried for: loading a CJK face for an emoji would waste 50 ms and 20 MB. */
const FACE_RANGES: Partial<Record<FaceName, [number, number][]>> = {
  'noto-arabic': [
    [0x0600, 0x06ff],
    [0x0750, 0x077f],
    [0x0870, 0x08ff],
    [0xfb50, 0xfdff],
    [0xfe70, 0xfeff],
  ],
  'noto-hebrew': [
    [0x0590, 0x05ff],
    [0xfb1d, 0xfb4f],
  ],
  'noto-devanagari': [
    [0x0900, 0x097f],
    [0x1cd0, 0x1cff],
    [0xa8e0, 0xa8ff],
  ],
  'noto-thai': [[0x0e00, 0x0e7f]],
  // Indic faces also get the Devanagari dandas (U+0964, U+0965) their texts end sentences with.
  'noto-bengali': [[0x0980, 0x09ff], DANDAS],
  'noto-gurmukhi': [[0x0a00, 0x0a7f], DANDAS],
  'noto-gujarati': [[0x0a80, 0x0aff], DANDAS],
  'noto-oriya': [[0x0b00, 0x0b7f], DANDAS],
  'noto-tamil': [[0x0b80, 0x0bff], [0x11fc0, 0x11fff], DANDAS],
  'noto-telugu': [[0x0c00, 0x0c7f], DANDAS],
  'noto-kannada': [[0x0c80, 0x0cff], DANDAS],
  'noto-malayalam': [[0x0d00, 0x0d7f], DANDAS],
  'noto-sinhala': [[0x0d80, 0x0dff], [0x111e0, 0x111ff], DANDAS],
  'noto-lao': [[0x0e80, 0x0eff]],
  'noto-tibetan': [[0x0f00, 0x0fff]],
  'noto-myanmar': [
    [0x1000, 0x109f],
    [0xa9e0, 0xa9ff],
    [0xaa60, 0xaa7f],
  ],
  'noto-ethiopic': [
    [0x1200, 0x139f],
    [0x2d80, 0x2ddf],
    [0xab00, 0xab2f],
    [0x1e7e0, 0x1e7ff],
  ],
  'noto-khmer': [
    [0x1780, 0x17ff],
    [0x19e0, 0x19ff],
  ],
};
const CJK_RANGES: [number, number][] = [
  [0x1100, 0x11ff],
  [0x2e80, 0x2fff],
  [0x3000, 0x9fff],
  [0xa960, 0xa97f],
  [0xac00, 0xd7ff],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xffef],
  [0x20000, 0x3ffff],
];
for (const face of CJK_FACES) FACE_RANGES[face] = CJK_RANGES;

/** Whether a face may be asked about a character at all (script faces only for their script). */
export const mayCover = (name: FaceName, codePoint: number): boolean => {
  const ranges = FACE_RANGES[name];
  return !ranges || ranges.some(([from, to]) => codePoint >= from && codePoint <= to);
};

/** The CJK face for a language's script: `Intl.Locale` adds the likely script (zh-TW → Hant). */
const HAN_FACES: Record<string, FaceName> = {
  Hans: 'noto-sc',
  Hant: 'noto-tc',
  Jpan: 'noto-jp',
  Kore: 'noto-kr',
};
const hanFaces = new Map<string, FaceName | undefined>();

/** The face a language writes Han characters with (zh-Hant → Traditional), if it writes them. */
const hanFaceOf = (language: string): FaceName | undefined => {
  if (!hanFaces.has(language)) {
    let script: string | undefined;
    try {
      script = new Intl.Locale(language).maximize().script;
    } catch {
      script = undefined; // not a BCP 47 tag: the text decides
    }
    hanFaces.set(language, script ? HAN_FACES[script] : undefined);
  }
  return hanFaces.get(language);
};

/**
 * The faces tried for a value, in order. Han characters (shared by Chinese, Japanese and Korean,
 * drawn differently by each) follow the field's language when it names one, else the text: kana
 * → Japanese, hangul → Korean, else Simplified Chinese.
 */
export const chainFor = (family: FontFamily, text: string, language?: string): FaceName[] => {
  const first: FaceName | undefined =
    (language && hanFaceOf(language)) ||
    (KANA.test(text) ? 'noto-jp' : HANGUL.test(text) ? 'noto-kr' : undefined);
  const cjk = first ? [first, ...CJK_FACES.filter((f) => f !== first)] : CJK_FACES;
  return [FAMILY_FACE[family], ...SCRIPT_FACES, ...cjk, ...LAST_FACES];
};

type HarfBuzzModule = typeof HarfBuzz;
// The module itself, like any import, is loaded once per thread; what it loads (faces) belongs
// to an engine (FaceLibrary).
let harfBuzz: HarfBuzzModule | undefined;
let loadingHarfBuzz: Promise<HarfBuzzModule> | undefined;

/** HarfBuzz, instantiated on first use (its module compiles WebAssembly when imported). */
export const loadHarfBuzz = (): Promise<HarfBuzzModule> =>
  (loadingHarfBuzz ??= import('harfbuzzjs').then((module) => (harfBuzz = module)));

/** HarfBuzz when it is loaded already, else undefined. */
export const loadedHarfBuzz = () => harfBuzz;

/** A loaded face: its bytes, its HarfBuzz font and what it covers. */
export class Face {
  /** Advance widths in font units by glyph id, read once each. */
  private readonly advances = new Map<number, number>();
  readonly upem: number;
  readonly ascent: number;
  readonly descent: number;
  /** [xMin, yMin, xMax, yMax] in font units, from the head table. */
  readonly bbox: [number, number, number, number];
  readonly postScriptName: string;
  private readonly coverage: Set<number>;
  /** Whether glyphs are stacks of coloured layers (COLR version 0), see {@link colorLayers}. */
  readonly isColor: boolean;
  private palette?: (RGB | undefined)[];
  private readonly layers = new Map<number, ColorLayer[]>();
  readonly name: FaceName;
  readonly bytes: Uint8Array;
  readonly font: HarfBuzz.Font;

  constructor(name: FaceName, bytes: Uint8Array, font: HarfBuzz.Font) {
    this.name = name;
    this.bytes = bytes;
    this.font = font;
    const face = font.face;
    this.upem = face.upem;
    const extents = font.hExtents();
    this.ascent = extents.ascender;
    this.descent = extents.descender;
    const head = face.referenceTable('head');
    const view = head && new DataView(head.buffer, head.byteOffset, head.byteLength);
    this.bbox = view
      ? [view.getInt16(36), view.getInt16(38), view.getInt16(40), view.getInt16(42)]
      : [0, this.descent, this.upem, this.ascent];
    this.postScriptName = (face.getName(6, 'en') || name).replace(/[^A-Za-z0-9-]/g, '');
    this.coverage = new Set(face.collectUnicodes());
    this.isColor = face.hasColorLayers();
  }

  /**
   * A colour glyph's layers, bottom first, each an outline glyph and its colour (undefined: the
   * text's own colour); empty for a glyph drawn as it is.
   */
  colorLayers(glyph: number): ColorLayer[] {
    if (!this.isColor) return [];
    let layers = this.layers.get(glyph);
    if (!layers) {
      this.palette ??= (this.font.face.getColorPalettes()[0]?.colors ?? []).map(paletteColor);
      const palette = this.palette;
      layers = this.font.face.getGlyphColorLayers(glyph).map(({ glyph: gid, colorIndex }) => ({
        gid,
        color: colorIndex === undefined ? undefined : palette[colorIndex],
      }));
      this.layers.set(glyph, layers);
    }
    return layers;
  }

  covers(codePoint: number): boolean {
    return this.coverage.has(codePoint);
  }

  /** A glyph's advance in font units (its hmtx width, what a PDF viewer advances by). */
  advance(glyph: number): number {
    let width = this.advances.get(glyph);
    if (width === undefined) {
      width = this.font.glyphHAdvance(glyph);
      this.advances.set(glyph, width);
    }
    return width;
  }
}

/** One layer of a colour glyph. */
interface ColorLayer {
  gid: number;
  color: RGB | undefined;
}

/**
 * A palette entry as a PDF fill colour. A translucent one (a few Twemoji shadows) is mixed with
 * white, as it shows on paper, rather than drawn through a transparency state.
 */
const paletteColor = ({ red, green, blue, alpha }: HarfBuzz.Color): RGB => {
  const a = alpha / 255;
  const mix = (channel: number) => (channel * a + 255 * (1 - a)) / 255;
  return rgb(mix(red), mix(green), mix(blue));
};

const readFace = (path: string) =>
  new Uint8Array(readFileSync(createRequire(import.meta.url).resolve(path)));

/**
 * The faces one fill engine has loaded, each read and parsed on first use (CJK faces: 5-10 MB,
 * about 50 ms each) and kept while the engine lives.
 */
export class FaceLibrary {
  private readonly faces = new Map<FaceName, Face>();

  /** The face, loaded on first use (HarfBuzz must be loaded: see {@link loadHarfBuzz}). */
  face(name: FaceName): Face {
    let face = this.faces.get(name);
    if (!face) {
      const hb = harfBuzz;
      if (!hb) throw new Error('HarfBuzz is not loaded yet.');
      const bytes = name === COLOR_EMOJI_FACE ? loadedColorEmoji() : readFace(FACE_PATHS[name]);
      if (!bytes) throw new Error('The colour emoji face is not loaded yet.');
      face = new Face(name, bytes, new hb.Font(new hb.Face(new hb.Blob(bytes))));
      this.faces.set(name, face);
    }
    return face;
  }

  /** The faces read so far, in the order they were first needed. */
  loaded(): FaceName[] {
    return [...this.faces.keys()];
  }
}
