/**
 * Where a line may break other than at a space: between words of scripts written without
 * spaces (Thai, Lao, Khmer, Burmese), found by the platform's word segmenter (`Intl.Segmenter`,
 * ICU's dictionaries: Node ships full ICU), and between CJK characters, except where kinsoku
 * forbids it (no line starts with a closing mark or small kana, none ends with an opening
 * bracket). The layout (text-layout.ts) breaks at these places before it breaks inside a word.
 */
import { unitLength } from './code-points.ts';

/** Thai, Lao, Burmese (and its extensions) and Khmer: words are not separated by spaces. */
const UNSPACED = /[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u19e0-\u19ff\ua9e0-\ua9ff\uaa60-\uaa7f]/;
/** Han, kana, CJK punctuation and full-width forms: a line may break between any two of them. */
const CJK =
  /[\u2e80-\u2fff\u3000-\u30ff\u31c0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u{20000}-\u{3ffff}]/u;
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

/**
 * For each character (code point) of a text, 1 where a line may break before it without a
 * space; undefined when the text has neither unspaced nor CJK characters (the layout then
 * breaks only at spaces, as for any other script).
 */
export const lineBreaks = (text: string, codes: readonly number[]): Uint8Array | undefined => {
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
    if (isUnspaced(before) && isUnspaced(code)) {
      breaks[i] = wordStarts.has(at) ? 1 : 0;
    } else if ((isCjk(before) || isCjk(code)) && !NO_LINE_START.has(code)) {
      breaks[i] = NO_LINE_END.has(before) ? 0 : 1;
    }
    at += unitLength(code);
  }
  return breaks;
};
