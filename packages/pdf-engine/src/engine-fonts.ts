/**
 * Everything one fill engine learns about fonts while it fills: the faces it loaded, the runs
 * and values it shaped, and the subsets it made. An engine owns one (fill-engine.ts) and passes
 * it to each document's drawing; two engines share nothing, and dropping an engine frees all of
 * it. What stays per thread are facts about the npm font files themselves (the standard fonts'
 * widths, the families' line metrics: fonts.ts, engine-font.ts), the same for every engine.
 */
import { NEWLINE, unitLength } from './code-points.ts';
import type { EngineFont } from './engine-font.ts';
import { FaceSubsetter } from './face-subset.ts';
import { familyMetrics, standardRuns, type LineMetrics, type TextRun } from './fonts.ts';
import { graphemeJoins, lineBreaks } from './line-breaks.ts';
import { whenReady, type MaybePromise } from './maybe-async.ts';
import { Shaper, type ShapedItem } from './shape-text.ts';
import type { MeasuredText } from './text-layout.ts';
import type { FontFamily } from './types.ts';

/**
 * Text measured in the fonts it will be drawn with. WinAnsi text has one standard font per
 * character; other text has shaped `items` (shape-text.ts) and `fonts` is empty.
 */
export interface ShapedText extends MeasuredText {
  fonts: EngineFont[];
  /** The characters as one string. */
  text: string;
  items?: ShapedItem[];
  /** Characters no face covers: not drawn, reported. */
  missing: string[];
  /** Line metrics of shaped text (the family's, widened by fallback faces). */
  metrics?: LineMetrics;
}

const MAX_SHAPED_TEXTS = 4096;

export class EngineFonts {
  readonly shaper = new Shaper();
  readonly subsetter = new FaceSubsetter();
  /**
   * Shaped values by family and text: forms repeat values (a company name, a city), and
   * itemising and measuring again cost more than drawing. Shared: never change a ShapedText.
   */
  readonly shapedTexts = new Map<string, ShapedText>();
}

const measureRuns = (runs: TextRun[]): ShapedText => {
  const text = runs.length === 1 ? runs[0]!.text : runs.map((run) => run.text).join('');
  // Sized once (a character is one or two UTF-16 units): arrays grown push by push were a good
  // part of a document's garbage.
  const codes = new Array<number>(text.length);
  const widths = new Array<number>(text.length);
  const fonts = new Array<EngineFont>(text.length);
  let count = 0;
  for (const { text: part, font } of runs) {
    for (let i = 0; i < part.length;) {
      const codePoint = part.codePointAt(i)!;
      i += unitLength(codePoint);
      codes[count] = codePoint;
      fonts[count] = font;
      widths[count++] = codePoint === NEWLINE ? 0 : font.charWidth(codePoint);
    }
  }
  if (count < text.length) codes.length = widths.length = fonts.length = count; // emoji
  return { text, codes, widths, fonts, missing: NONE_MISSING };
};

const NONE_MISSING: string[] = [];

/**
 * Measures every character: in the family's standard font when WinAnsi can encode the text (at
 * once), else shaped by HarfBuzz with the family's face and its fallback chain.
 */
export const shapeText = (
  fonts: EngineFonts,
  text: string,
  family: FontFamily,
  language?: string,
): MaybePromise<ShapedText> => {
  const runs = standardRuns(text, family);
  if (runs) return measureRuns(runs);
  const key = `${family}\u0000${language ?? ''}\u0000${text}`;
  const known = fonts.shapedTexts.get(key);
  if (known) return known;
  return whenReady(fonts.shaper.shapeValue(text, family, language), (shaped) => {
    const joins = graphemeJoins(text, shaped.codes);
    const t: ShapedText = {
      ...shaped,
      breaks: lineBreaks(text, shaped.codes, joins),
      ...(joins && { joins }),
      text,
      fonts: [],
      metrics: tallestMetrics(familyMetrics(family), shaped.items),
    };
    if (fonts.shapedTexts.size >= MAX_SHAPED_TEXTS) fonts.shapedTexts.clear();
    fonts.shapedTexts.set(key, t);
    return t;
  });
};

/** The family's line metrics widened to the tallest face drawing the text (Arabic, CJK). */
const tallestMetrics = (family: LineMetrics, items: ShapedItem[]): LineMetrics => {
  let { ascent, descent } = family;
  for (const { face } of items) {
    ascent = Math.max(ascent, face.ascent / face.upem);
    descent = Math.min(descent, face.descent / face.upem);
  }
  return { ascent, descent };
};

/** How tall a line of this text is: its faces' metrics, or the family's for standard fonts. */
export const textMetrics = (t: ShapedText, family: FontFamily): LineMetrics =>
  t.metrics ?? familyMetrics(family);
