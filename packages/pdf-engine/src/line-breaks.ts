/**
 * Where a line may break other than at a space: between words of scripts written without
 * spaces (Thai, Lao, Khmer, Burmese), found by the platform's word segmenter (`Intl.Segmenter`,
 * ICU's dictionaries: Node ships full ICU), and between CJK characters and Hangul syllables (as
 * CSS `word-break: normal` does for Korean), except where kinsoku forbids it (no line starts
 * with a closing mark or small kana, none ends with an opening bracket). The layout
 * (text-layout.ts) breaks at these places before it breaks inside a word, and inside a word only
 * between grapheme clusters (`graphemeJoins`): never inside a Thai or Devanagari cluster, an
 * emoji sequence or a letter with its combining marks.
 */
import { unitLength } from './code-points.ts';

/** Thai, Lao, Burmese (and its extensions) and Khmer: words are not separated by spaces. */
const UNSPACED = /[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u19e0-\u19ff\ua9e0-\ua9ff\uaa60-\uaa7f]/;
/**
 * Han, kana, CJK punctuation, full-width forms and Hangul (syllables and jamo): a line may break
 * between any two of them (between two clusters: conjoining jamo make one syllable).
 */
const CJK =
  /[\u1100-\u11ff\u2e80-\u2fff\u3000-\u30ff\u3130-\u318f\u31c0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u{20000}-\u{3ffff}]/u;
const NEEDS_BREAKS = new RegExp(`${UNSPACED.source}|${CJK.source}`, 'u');

/**
 * Kinsoku shori (JIS X 4051) as commonly applied to Chinese too: characters that never begin a
 * line (closing brackets and quotes, stops and commas, small kana, iteration and prolonged
 * sound marks)…
 */
const NO_LINE_START = new Set(
  [
    ...'，。、．・：；？！‼⁇⁈⁉ー〜～…‥％‰℃',
    ...'）〕］｝〉》」』】〙〗〟’”｠»',
    ...'ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ',
    ...'々〻ゝゞヽヾ゛゜',
    ...',.:;?!)]}%｡｣､･ｰ',
  ].map((c) => c.codePointAt(0)!),
);
/** …and characters that never end one (opening brackets and quotes). */
const NO_LINE_END = new Set(
  [...'（〔［｛〈《「『【〘〖〝‘“｟«', ...'([{｢'].map((c) => c.codePointAt(0)!),
);

const isUnspaced = (codePoint: number) => UNSPACED.test(String.fromCodePoint(codePoint));
const isCjk = (codePoint: number) => CJK.test(String.fromCodePoint(codePoint));

let segmenter: Intl.Segmenter | undefined;
let graphemes: Intl.Segmenter | undefined;

/** Below U+0300 no character joins the one before (CR LF aside, which the layout never splits). */
const FIRST_JOINING = 0x300;

/**
 * For each character (code point) of a text, 1 where it belongs to the grapheme cluster of the
 * character before (a combining mark, a vowel sign or virama, a ZWJ and what it joins, a skin
 * tone, the second regional indicator of a flag); undefined when every character is a cluster
 * of its own.
 */
export const graphemeJoins = (text: string, codes: readonly number[]): Uint8Array | undefined => {
  if (codes.every((code) => code < FIRST_JOINING)) return undefined;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const starts = new Set<number>();
  for (const { index } of graphemes.segment(text)) starts.add(index);
  if (starts.size === codes.length) return undefined;
  const joins = new Uint8Array(codes.length);
  for (let i = 1, at = unitLength(codes[0]!); i < codes.length; i++) {
    joins[i] = starts.has(at) ? 0 : 1;
    at += unitLength(codes[i]!);
  }
  return joins;
};

/**
 * For each character (code point) of a text, 1 where a line may break before it without a
 * space; undefined when the text has neither unspaced nor CJK characters (the layout then
 * breaks only at spaces, as for any other script). `joins` (graphemeJoins) keeps every break
 * between two clusters.
 */
export const lineBreaks = (
  text: string,
  codes: readonly number[],
  joins?: Uint8Array,
): Uint8Array | undefined => {
  if (!NEEDS_BREAKS.test(text)) return undefined;
  const breaks = new Uint8Array(codes.length);
  // Word boundaries, as UTF-16 offsets turned into character indices.
  const wordStarts = new Set<number>();
  if (UNSPACED.test(text)) {
    segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
    for (const { index } of segmenter.segment(text)) wordStarts.add(index);
  }
  for (let i = 1, at = unitLength(codes[0]!); i < codes.length; i++) {
    const before = codes[i - 1]!;
    const code = codes[i]!;
    if (joins?.[i]) {
      breaks[i] = 0;
    } else if (isUnspaced(before) && isUnspaced(code)) {
      breaks[i] = wordStarts.has(at) ? 1 : 0;
    } else if ((isCjk(before) || isCjk(code)) && !NO_LINE_START.has(code)) {
      breaks[i] = NO_LINE_END.has(before) ? 0 : 1;
    }
    at += unitLength(code);
  }
  return breaks;
};
