/**
 * Font choice for WinAnsi text and the families' line metrics. Each family maps to a
 * metric-compatible font from npm (Arimo for Arial/Helvetica, Tinos for Times, Cousine for
 * Courier). When a whole string is encodable in WinAnsi the standard-14 font of the family is
 * used: nothing is embedded. Anything else is shaped with the family's face and its fallback
 * chain (faces.ts, shape-text.ts) and embedded per document (face-subset.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@cantoo/fontkit';
import type { Font } from '@cantoo/fontkit';
import { StandardFonts } from '@cantoo/pdf-lib';
import { Encodings } from '@cantoo/pdf-lib/standard-fonts';
import { NEWLINE, unitLength } from './code-points.ts';
import { StandardFont, type EngineFont } from './engine-font.ts';
import type { FontFamily } from './types.ts';

type FontFile = 'arimo' | 'tinos' | 'cousine';

const FONT_PATHS: Record<FontFile, string> = {
  arimo: '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf',
  tinos: '@expo-google-fonts/tinos/400Regular/Tinos_400Regular.ttf',
  cousine: '@expo-google-fonts/cousine/400Regular/Cousine_400Regular.ttf',
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

// Facts about three npm font files, read once per thread: the same for every fill engine.
const parsedFonts = new Map<FontFile, Font>();

const parsedFont = (file: FontFile): Font => {
  let font = parsedFonts.get(file);
  if (!font) {
    const path = createRequire(import.meta.url).resolve(FONT_PATHS[file]);
    font = fontkit.create(new Uint8Array(readFileSync(path))) as Font;
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

/** A piece of text drawn in one font. */
export interface TextRun {
  text: string;
  font: EngineFont;
}

/** The family's standard-14 font for text that WinAnsi can encode, else undefined. */
export const standardRuns = (text: string, family: FontFamily): TextRun[] | undefined =>
  isWinAnsi(text) ? [{ text, font: StandardFont.of(FAMILY_STANDARD[family]) }] : undefined;
