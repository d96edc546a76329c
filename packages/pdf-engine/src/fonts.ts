/**
 * Font choice and loading. Each family maps to a metric-compatible font from npm (Arimo for
 * Arial/Helvetica, Tinos for Times, Cousine for Courier) and DejaVu Sans covers what they lack.
 * When a whole string is encodable in WinAnsi the standard-14 font of the family is used instead:
 * nothing is embedded, which is smaller and saves the 10-30 ms a TrueType embedding costs.
 *
 * Font bytes and parsed fontkit fonts are cached per process, read on first use (no import-time
 * side effects). Embedded subsets are kept per template by {@link TemplateFonts}, so a document
 * pays only for the glyphs no earlier document of its template used.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@cantoo/fontkit';
import type { Font } from '@cantoo/fontkit';
import { StandardFonts } from '@cantoo/pdf-lib';
import { Encodings } from '@cantoo/pdf-lib/standard-fonts';
import { NEWLINE, unitLength } from './code-points.ts';
import { StandardFont, type EngineFont } from './engine-font.ts';
import { SubsetFont } from './font-subset.ts';
import type { MaybePromise } from './maybe-async.ts';
import type { TemplateResources } from './template-resources.ts';
import type { FontFamily } from './types.ts';

type FontFile = 'arimo' | 'tinos' | 'cousine' | 'dejavu';

const FONT_PATHS: Record<FontFile, string> = {
  arimo: '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf',
  tinos: '@expo-google-fonts/tinos/400Regular/Tinos_400Regular.ttf',
  cousine: '@expo-google-fonts/cousine/400Regular/Cousine_400Regular.ttf',
  dejavu: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
};

const FAMILY_FILE: Record<FontFamily, FontFile> = {
  arial: 'arimo',
  helvetica: 'arimo',
  timesnewroman: 'tinos',
  courier: 'cousine',
};

const FAMILY_STANDARD: Record<FontFamily, StandardFonts> = {
  arial: StandardFonts.Helvetica,
  helvetica: StandardFonts.Helvetica,
  timesnewroman: StandardFonts.TimesRoman,
  courier: StandardFonts.Courier,
};

const fileBytes = new Map<FontFile, Uint8Array>();
const parsedFonts = new Map<FontFile, Font>();

const fontBytes = (file: FontFile): Uint8Array => {
  let bytes = fileBytes.get(file);
  if (!bytes) {
    const path = createRequire(import.meta.url).resolve(FONT_PATHS[file]);
    bytes = new Uint8Array(readFileSync(path));
    fileBytes.set(file, bytes);
  }
  return bytes;
};

const parsedFont = (file: FontFile): Font => {
  let font = parsedFonts.get(file);
  if (!font) {
    font = fontkit.create(fontBytes(file)) as Font;
    parsedFonts.set(file, font);
  }
  return font;
};

/** Vertical metrics of a family as fractions of the font size (descent is negative). */
export interface LineMetrics {
  ascent: number;
  descent: number;
}

const metricsByFamily = new Map<FontFamily, LineMetrics>();

/** The family's ascent and descent, from its TrueType font (the standard font has the same metrics). */
export const familyMetrics = (family: FontFamily): LineMetrics => {
  let metrics = metricsByFamily.get(family);
  if (!metrics) {
    const font = parsedFont(FAMILY_FILE[family]);
    metrics = { ascent: font.ascent / font.unitsPerEm, descent: font.descent / font.unitsPerEm };
    metricsByFamily.set(family, metrics);
  }
  return metrics;
};

/** Printable ASCII and "\n": most values, answered by one regular-expression test. */
const ASCII_TEXT = /^[\n\x20-\x7e]*$/;

// "\n" only separates lines: it is never drawn, so it never forces a TrueType font.
export const isWinAnsi = (text: string): boolean => {
  if (ASCII_TEXT.test(text)) return true;
  for (let i = 0; i < text.length;) {
    const codePoint = text.codePointAt(i)!;
    i += unitLength(codePoint);
    if (codePoint === NEWLINE || (codePoint >= 0x20 && codePoint < 0x7f)) continue; // ASCII
    if (!Encodings.WinAnsi.canEncodeUnicodeCodePoint(codePoint)) return false;
  }
  return true;
};

/**
 * Which file draws a character, per primary font, remembered because fontkit's cmap look-up
 * costs per call. Characters of the Basic Multilingual Plane are kept in an array (64 KB per
 * primary font and process) as 0 (not looked up yet), PRIMARY, DEJAVU or NONE: a Map look-up
 * per character was a twentieth of a Unicode document's time. Others (emoji) go to a Map.
 */
interface Choices {
  bmp: Uint8Array;
  astral: Map<number, FontFile | null>;
}
const PRIMARY = 1;
const DEJAVU = 2;
const NONE = 3;
const choices = new Map<FontFile, Choices>();
/** Distinct characters beyond the BMP remembered per primary font; past it the memory starts again. */
const ASTRAL_MAX = 65_536;

const choicesFor = (primary: FontFile) => {
  let chosen = choices.get(primary);
  if (!chosen) {
    chosen = { bmp: new Uint8Array(0x10000), astral: new Map() };
    choices.set(primary, chosen);
  }
  return chosen;
};

/** The primary font if it has the character, else DejaVu Sans if it has it, else none. */
const lookUpFile = (primary: FontFile, codePoint: number): FontFile | null =>
  parsedFont(primary).hasGlyphForCodePoint(codePoint)
    ? primary
    : parsedFont('dejavu').hasGlyphForCodePoint(codePoint)
      ? 'dejavu'
      : null;

const fileFor = (primary: FontFile, chosen: Choices, codePoint: number): FontFile | null => {
  if (codePoint === NEWLINE) return primary;
  if (codePoint < 0x10000) {
    let code = chosen.bmp[codePoint]!;
    if (code === 0) {
      const file = lookUpFile(primary, codePoint);
      code = file === primary ? PRIMARY : file === null ? NONE : DEJAVU;
      chosen.bmp[codePoint] = code;
    }
    return code === PRIMARY ? primary : code === DEJAVU ? 'dejavu' : null;
  }
  const known = chosen.astral.get(codePoint);
  if (known !== undefined) return known;
  if (chosen.astral.size >= ASTRAL_MAX) chosen.astral.clear();
  const file = lookUpFile(primary, codePoint);
  chosen.astral.set(codePoint, file);
  return file;
};

/** A piece of text drawn in one font. */
export interface TextRun {
  text: string;
  font: EngineFont;
}

/** Shown for a character no available font has, so it never silently vanishes. */
const REPLACEMENT = '\uFFFD';

/** Text with U+FFFD in place of each character no font has. */
const withReplacements = (text: string, primary: FontFile) => {
  const chosen = choicesFor(primary);
  let shown = '';
  for (const char of text) {
    shown += fileFor(primary, chosen, char.codePointAt(0)!) === null ? REPLACEMENT : char;
  }
  return shown;
};

/** UTF-16 units [start, end) of a text that one font file draws. */
interface Piece {
  file: FontFile;
  start: number;
  end: number;
  hasMissing: boolean;
}

/**
 * Splits text where the font file changes (characters no font has go to DejaVu as U+FFFD).
 * Pieces are slices of the text: appending character by character made a string per character.
 */
const splitByFile = (text: string, primary: FontFile): { file: FontFile; text: string }[] => {
  const chosen = choicesFor(primary);
  const pieces: Piece[] = [];
  let piece: Piece | undefined;
  for (let at = 0; at < text.length;) {
    const codePoint = text.codePointAt(at)!;
    const found = fileFor(primary, chosen, codePoint);
    const file = found ?? 'dejavu';
    if (piece?.file !== file) {
      piece = { file, start: at, end: at, hasMissing: false };
      pieces.push(piece);
    }
    piece.hasMissing ||= found === null;
    at += unitLength(codePoint);
    piece.end = at;
  }
  return pieces.map(({ file, start, end, hasMissing }) => {
    const slice = text.slice(start, end);
    return { file, text: hasMissing ? withReplacements(slice, primary) : slice };
  });
};

/** The fonts documents of one template draw with; embedded subsets are shared between them. */
export class TemplateFonts {
  private readonly subsets = new Map<FontFile, Promise<SubsetFont>>();
  /** The subsets once created: text in them is split into runs without waiting. */
  private readonly created = new Map<FontFile, SubsetFont>();

  constructor(private readonly resources: TemplateResources) {}

  /**
   * Splits text into runs: the standard font when WinAnsi allows, else family TTF + DejaVu.
   * At once unless a TrueType font is still to be loaded.
   */
  runs(text: string, family: FontFamily): MaybePromise<TextRun[]> {
    if (isWinAnsi(text)) return [{ text, font: StandardFont.of(FAMILY_STANDARD[family]) }];
    const pieces = splitByFile(text, FAMILY_FILE[family]);
    const fonts = pieces.map((piece) => this.created.get(piece.file));
    if (fonts.every((font): font is SubsetFont => font !== undefined)) {
      return pieces.map((piece, i) => ({ text: piece.text, font: fonts[i]! }));
    }
    // One wait per font, not per character.
    return Promise.all(
      pieces.map(async (piece) => ({ text: piece.text, font: await this.trueType(piece.file) })),
    );
  }

  private trueType(file: FontFile): Promise<SubsetFont> {
    let font = this.subsets.get(file);
    if (!font) {
      font = SubsetFont.create(`ttf:${file}`, parsedFont(file), fontBytes(file), this.resources);
      this.subsets.set(file, font);
      // A failure is reported to the callers awaiting `font`; this branch only remembers success.
      font.then(
        (created) => this.created.set(file, created),
        () => undefined,
      );
    }
    return font;
  }
}
