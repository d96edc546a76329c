/**
 * Text outside WinAnsi: split into items (one face, one bidi level), each shaped by HarfBuzz.
 * Widths are given per character (a cluster's advance on its first character) so the layout in
 * text-layout.ts works as for standard fonts; drawing then takes the glyphs of a line's
 * characters in visual order (draw-glyphs.ts).
 *
 * Characters no face of the chain covers are not drawn and are listed in `missing`; neither
 * `.notdef` (glyph 0) nor U+FFFD ever stands in for them.
 */
import bidiModule from 'bidi-js';
import { NEWLINE, unitLength } from './code-points.ts';
import {
  chainFor,
  FaceLibrary,
  loadedHarfBuzz,
  loadHarfBuzz,
  mayCover,
  type Face,
  type FaceName,
} from './faces.ts';
import {
  COLOR_EMOJI_FACE,
  isEmojiPresentation,
  loadColorEmoji,
  loadedColorEmoji,
  needsColorEmoji,
} from './color-emoji.ts';
import { EMOJI_FACE, emojiSequences } from './emoji-sequences.ts';
import { needsMarkFallback, placeUnattachedMarks } from './mark-fallback.ts';
import type { PlacedGlyph } from './placed-glyph.ts';
import type { FontFamily } from './types.ts';

/** Characters [start, end) drawn by one face at one bidi level, glyphs in visual order. */
export interface ShapedItem {
  face: Face;
  start: number;
  end: number;
  level: number;
  glyphs: PlacedGlyph[];
}

/** The result of shaping a value: what the layout needs, plus the items to draw. */
export interface ShapedValue {
  codes: number[];
  widths: number[];
  items: ShapedItem[];
  /** Distinct characters no face covers, in order of appearance. */
  missing: string[];
}

// bidi-js is CommonJS whose module.exports is the factory; its types describe an ES default export.
const bidiFactory = bidiModule as unknown as typeof bidiModule.default;
let bidi: ReturnType<typeof bidiFactory> | undefined;

/** Glyphs of one item's text, clusters relative to the item; cached (HarfBuzz costs ~0.3 ms a call). */
const MAX_SHAPED_RUNS = 8192;

/**
 * A glyph that draws nothing and advances nothing after another of its cluster: the ZWJ or VS16
 * left in an emoji sequence the face ligated. Drawn, its width in the font's own table (the TJ
 * then moves back) made PDF readers see a gap there and split the word.
 */
const isBlankFollower = (face: Face, g: PlacedGlyph, before: PlacedGlyph | undefined) => {
  if (g.advance !== 0 || before?.cluster !== g.cluster) return false;
  const ink = face.font.glyphExtents(g.gid);
  return !ink || (ink.width === 0 && ink.height === 0);
};

const shapeRun = (
  shapedRuns: Map<string, PlacedGlyph[]>,
  face: Face,
  codes: number[],
  rtl: boolean,
  language: string | undefined,
): PlacedGlyph[] => {
  const key = `${face.name}${language ?? ''}${rtl ? '<' : '>'}${String.fromCodePoint(...codes)}`;
  let glyphs = shapedRuns.get(key);
  if (glyphs) return glyphs;
  const hb = loadedHarfBuzz()!;
  const buffer = new hb.Buffer();
  buffer.addCodePoints(codes);
  buffer.setDirection(rtl ? hb.Direction.RTL : hb.Direction.LTR);
  // The language selects a face's localized forms (its `locl` features); unset, HarfBuzz uses
  // the script's default.
  if (language) buffer.setLanguage(language);
  buffer.guessSegmentProperties();
  hb.shape(face.font, buffer);
  glyphs = buffer
    .getGlyphInfosAndPositions()
    .map((g) => ({
      gid: g.codepoint,
      cluster: g.cluster,
      advance: g.xAdvance ?? 0,
      xOffset: g.xOffset ?? 0,
      yOffset: g.yOffset ?? 0,
    }))
    .filter((g, k, all) => !isBlankFollower(face, g, all[k - 1]));
  if (!rtl && needsMarkFallback(face)) placeUnattachedMarks(face, glyphs);
  if (shapedRuns.size >= MAX_SHAPED_RUNS) shapedRuns.clear();
  shapedRuns.set(key, glyphs);
  return glyphs;
};

const isSkinTone = (code: number) => code >= 0x1f3fb && code <= 0x1f3ff;

/**
 * The indices of a run's characters to shape: all but the skin tones that follow another
 * character, for the monochrome faces: they have no toned forms, so HarfBuzz would draw each
 * tone as a swatch an em wide after its emoji, and a tone inside a ZWJ sequence (👨🏿‍💻) would
 * keep the sequence from its ligature. Left out, the tone adds no width and no
 * glyph; its character stays in the cluster before it, so the text extracted keeps it.
 * Undefined when the run has no such tone.
 */
const withoutSkinTones = (run: readonly number[]): number[] | undefined => {
  if (!run.some((code, k) => k > 0 && isSkinTone(code))) return undefined;
  return run.flatMap((code, k) => (k > 0 && isSkinTone(code) ? [] : [k]));
};

/** Space, punctuation, digits, symbols and marks: they stay in the face of the text around them. */
const NEUTRAL = /^[\p{Z}\p{P}\p{S}\p{N}\p{M}\p{Cf}]$/u;

const faceFor = (faces: FaceLibrary, chain: FaceName[], codePoint: number): Face | undefined => {
  for (const name of chain) {
    if (!mayCover(name, codePoint)) continue;
    const face = faces.face(name);
    if (face.covers(codePoint)) return face;
  }
  return undefined;
};

/** Embedding level per character (code point), from the Unicode bidi algorithm. */
const levelsOf = (text: string, count: number): Uint8Array => {
  const levels = new Uint8Array(count);
  // Left-to-right text without any right-to-left character needs no algorithm.
  if (
    !/[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u.test(text)
  )
    return levels;
  bidi ??= bidiFactory();
  const unitLevels = bidi.getEmbeddingLevels(text).levels;
  for (let at = 0, i = 0; at < text.length; i++) {
    levels[i] = unitLevels[at]!;
    at += unitLength(text.codePointAt(at)!);
  }
  return levels;
};

const shapeLoaded = (
  shaper: Shaper,
  text: string,
  family: FontFamily,
  language: string | undefined,
  hasColorEmoji: boolean,
): ShapedValue => {
  const codes: number[] = [];
  for (let at = 0; at < text.length;) {
    const codePoint = text.codePointAt(at)!;
    codes.push(codePoint);
    at += unitLength(codePoint);
  }
  const widths = new Array<number>(codes.length).fill(0);
  const levels = levelsOf(text, codes.length);
  const chain = chainFor(family, text, language);
  const missing = new Set<string>();
  const faces: (Face | undefined)[] = new Array<Face | undefined>(codes.length);
  let current: Face | undefined;
  const sequences = chain.includes(EMOJI_FACE) ? emojiSequences(text) : [];
  // shapeValue has loaded the colour face when the value needs it.
  const color = hasColorEmoji ? shaper.faces.face(COLOR_EMOJI_FACE) : undefined;
  // The faces a sequence may go to whole, colour first; Noto Emoji is loaded only for one.
  const emojiFaces = () =>
    color ? [color, shaper.faces.face(EMOJI_FACE)] : [shaper.faces.face(EMOJI_FACE)];
  let sequence = 0;
  codes.forEach((codePoint, i) => {
    if (codePoint === NEWLINE) {
      current = undefined;
      return;
    }
    while (sequence < sequences.length && sequences[sequence]![1] <= i) sequence++;
    const [from = -1, to = -1] = sequences[sequence] ?? [];
    if (i >= from && i < to) {
      const emoji =
        i > from
          ? emojiFaces().find((face) => faces[from] === face)
          : emojiFaces().find((face) => face.covers(codePoint));
      if (emoji) {
        faces[i] = current = emoji;
        return;
      }
    }
    // A skin tone goes with its emoji's run (the colour face has toned forms; in the others it
    // is left out of shaping, see withoutSkinTones).
    if (i > 0 && isSkinTone(codePoint) && faces[i - 1]) {
      faces[i] = faces[i - 1];
      return;
    }
    const char = String.fromCodePoint(codePoint);
    if (color?.covers(codePoint) && isEmojiPresentation(char)) {
      faces[i] = current = color;
      return;
    }
    const stays = current?.covers(codePoint) && NEUTRAL.test(char);
    const face = stays ? current : faceFor(shaper.faces, chain, codePoint);
    if (!face) missing.add(char);
    faces[i] = face;
    if (face) current = face;
  });
  const items: ShapedItem[] = [];
  for (let i = 0; i < codes.length;) {
    const face = faces[i];
    let j = i + 1;
    while (j < codes.length && faces[j] === face && levels[j] === levels[i]) j++;
    if (face) {
      const rtl = levels[i]! % 2 === 1;
      const run = codes.slice(i, j);
      const kept = face.isColor ? undefined : withoutSkinTones(run);
      const shaped = shapeRun(
        shaper.runs,
        face,
        kept ? kept.map((k) => run[k]!) : run,
        rtl,
        language,
      );
      const glyphs = shaped
        .map((g) => ({ ...g, cluster: (kept ? kept[g.cluster]! : g.cluster) + i }))
        .filter((g) => {
          if (g.gid !== 0) return true;
          missing.add(String.fromCodePoint(codes[g.cluster]!));
          return false;
        });
      for (const g of glyphs) widths[g.cluster]! += g.advance / face.upem;
      items.push({ face, start: i, end: j, level: levels[i]!, glyphs });
    }
    i = j;
  }
  return { codes, widths, items, missing: [...missing] };
};

/** Shaping with one fill engine's faces, and the runs it has shaped (engine-fonts.ts). */
export class Shaper {
  readonly faces = new FaceLibrary();
  readonly runs = new Map<string, PlacedGlyph[]>();

  /**
   * Shapes a value at once when HarfBuzz is loaded, else after loading it. `language` (BCP 47)
   * picks the Han face and the shaping language.
   */
  shapeValue(
    text: string,
    family: FontFamily,
    language?: string,
  ): ShapedValue | Promise<ShapedValue> {
    const color = needsColorEmoji(text);
    return loadedHarfBuzz() && (!color || loadedColorEmoji())
      ? shapeLoaded(this, text, family, language, color)
      : Promise.all([loadHarfBuzz(), color && loadColorEmoji()]).then(() =>
          shapeLoaded(this, text, family, language, color),
        );
  }
}

/**
 * The pieces of items within characters [start, end), in visual order: rule L2 of the bidi
 * algorithm (from the highest level down to the lowest odd one, reverse every run at that level
 * or above).
 */
export const visualPieces = (items: ShapedItem[], start: number, end: number): ShapedItem[] => {
  let lines = piecesByLine.get(items);
  if (!lines) {
    lines = new Map();
    piecesByLine.set(items, lines);
  }
  const key = `${start}:${end}`;
  let pieces = lines.get(key);
  if (!pieces) {
    pieces = reorder(items, start, end);
    lines.set(key, pieces);
  }
  return pieces;
};

/** A shaped value's lines in visual order, kept while the value is (shaped values are cached). */
const piecesByLine = new WeakMap<ShapedItem[], Map<string, ShapedItem[]>>();

const reorder = (items: ShapedItem[], start: number, end: number): ShapedItem[] => {
  const pieces = items
    .filter((item) => item.end > start && item.start < end)
    .map((item) =>
      item.start >= start && item.end <= end
        ? item
        : {
            ...item,
            start: Math.max(item.start, start),
            end: Math.min(item.end, end),
            glyphs: item.glyphs.filter((g) => g.cluster >= start && g.cluster < end),
          },
    );
  const highest = Math.max(0, ...pieces.map((p) => p.level));
  const lowestOdd = Math.min(...pieces.map((p) => p.level).filter((l) => l % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd && level > 0; level--) {
    for (let i = 0; i < pieces.length;) {
      if (pieces[i]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < pieces.length && pieces[j]!.level >= level) j++;
      const reversed = pieces.slice(i, j).reverse();
      pieces.splice(i, j - i, ...reversed);
      i = j;
    }
  }
  return pieces;
};
