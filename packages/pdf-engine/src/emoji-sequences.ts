/**
 * Emoji sequences drawn by one face. The face chain ends with DejaVu Sans, Noto Sans Symbols 2
 * and Noto Emoji, and the first two have some emoji's first character (🏳 U+1F3F3, 👁, ❤, the
 * digit of a keycap) as a plain symbol. Chosen character by character, a sequence such as 🏳️‍🌈
 * (white flag, VS16, ZWJ, rainbow) was split over three faces, could not become the face's one
 * glyph, and printed as its parts, over two ems wide. A grapheme cluster that holds an emoji
 * joiner (ZWJ, VS16, the keycap's U+20E3, tag characters) goes whole to the emoji face when it
 * has the cluster's first character.
 */
import { unitLength } from './code-points.ts';

export const EMOJI_FACE = 'noto-emoji';

/** ZWJ, emoji presentation (VS16), combining keycap, tag characters (subdivision flags). */
const isJoiner = (code: number) =>
  code === 0x200d || code === 0xfe0f || code === 0x20e3 || (code >= 0xe0020 && code <= 0xe007f);

/** Whether a text holds an emoji joiner (a scan: the joiners cannot sit in a regex class). */
const hasJoiner = (text: string) => {
  for (let at = 0; at < text.length;) {
    const code = text.codePointAt(at)!;
    if (isJoiner(code)) return true;
    at += unitLength(code);
  }
  return false;
};

let graphemes: Intl.Segmenter | undefined;

/** The [start, end) code point indices of the value's clusters that hold an emoji joiner. */
export const emojiSequences = (text: string): [number, number][] => {
  if (!hasJoiner(text)) return [];
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const sequences: [number, number][] = [];
  let index = 0;
  for (const { segment } of graphemes.segment(text)) {
    let count = 0;
    for (let at = 0; at < segment.length; count++) at += unitLength(segment.codePointAt(at)!);
    if (count > 1 && hasJoiner(segment)) sequences.push([index, index + count]);
    index += count;
  }
  return sequences;
};
