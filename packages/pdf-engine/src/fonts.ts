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

// "\n" only separates lines: it is never drawn, so it never forces a TrueType font.
export const isWinAnsi = (text: string): boolean => {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code === 0x0a || (code >= 0x20 && code < 0x7f)) continue; // printable ASCII is WinAnsi
    if (!Encodings.WinAnsi.canEncodeUnicodeCodePoint(char.codePointAt(0)!)) return false;
  }
  return true;
};

/** Which file draws a character, per primary font: fontkit's cmap look-up costs per call. */
const chosenFiles = new Map<FontFile, Map<number, FontFile | undefined>>();
/** Distinct characters remembered per primary font; past it the memory starts again. */
const CHOSEN_FILES_MAX = 65_536;

/** The primary font if it has the character, else DejaVu Sans if it has it, else none. */
const fileFor = (primary: FontFile, codePoint: number): FontFile | undefined => {
  let chosen = chosenFiles.get(primary);
  if (!chosen) {
    chosen = new Map();
    chosenFiles.set(primary, chosen);
  }
  if (chosen.has(codePoint)) return chosen.get(codePoint);
  if (chosen.size >= CHOSEN_FILES_MAX) chosen.clear();
  const file = parsedFont(primary).hasGlyphForCodePoint(codePoint)
    ? primary
    : parsedFont('dejavu').hasGlyphForCodePoint(codePoint)
      ? 'dejavu'
      : undefined;
  chosen.set(codePoint, file);
  return file;
};

/** A piece of text drawn in one font. */
export interface TextRun {
  text: string;
  font: EngineFont;
}

/** Shown for a character no available font has, so it never silently vanishes. */
const REPLACEMENT = '\uFFFD';

/** The fonts documents of one template draw with; embedded subsets are shared between them. */
export class TemplateFonts {
  private readonly subsets = new Map<FontFile, Promise<SubsetFont>>();

  constructor(private readonly resources: TemplateResources) {}

  /**
   * Splits text into runs: the standard font when WinAnsi allows (at once: nothing to load),
   * else family TTF + DejaVu.
   */
  runs(text: string, family: FontFamily): MaybePromise<TextRun[]> {
    if (isWinAnsi(text)) return [{ text, font: StandardFont.of(FAMILY_STANDARD[family]) }];
    return this.trueTypeRuns(text, family);
  }

  private async trueTypeRuns(text: string, family: FontFamily): Promise<TextRun[]> {
    const primary = FAMILY_FILE[family];
    const pieces: { file: FontFile; text: string }[] = [];
    for (const char of text) {
      const chosen = char === '\n' ? primary : fileFor(primary, char.codePointAt(0)!);
      const file = chosen ?? 'dejavu';
      const shown = chosen === undefined ? REPLACEMENT : char;
      const last = pieces.at(-1);
      if (last && last.file === file) last.text += shown;
      else pieces.push({ file, text: shown });
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
    }
    return font;
  }
}
