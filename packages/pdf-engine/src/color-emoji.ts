/**
 * The colour emoji face: Twemoji as a COLR version 0 font (`twemoji-colr-font`, OFL-1.1), where a
 * glyph is a stack of layers, each an ordinary outline filled with one colour of the face's CPAL
 * palette. Drawn layer by layer (draw-glyphs.ts), that is plain filled text a PDF viewer shows in
 * colour and a printer prints, with no image and no transparency group.
 *
 * The package ships WOFF2 only, which HarfBuzz does not open: it is unpacked once per thread with
 * Google's woff2 decoder (`wawoff2`, WebAssembly, ~170 ms the first time, 1.4 MB of TrueType), and
 * only when a value holds an emoji meant to be shown as one.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const COLOR_EMOJI_FACE = 'twemoji';

/**
 * Characters shown as emoji by default (😀, 🇩🇪's regional indicators, skin tones), and VS16, which
 * asks for emoji presentation of the character before it (❤️, 1️⃣). Others Twemoji also has (©, ™,
 * ❤ and digits alone) are text by default and stay in the text faces.
 */
const EMOJI_PRESENTATION = /\p{Emoji_Presentation}|\uFE0F/u;

/** Whether a value needs the colour face loaded before it is shaped. */
export const needsColorEmoji = (text: string) => EMOJI_PRESENTATION.test(text);

/** Whether one character is drawn from the colour face when it has it. */
export const isEmojiPresentation = (char: string) => EMOJI_PRESENTATION.test(char);

let bytes: Uint8Array | undefined;
let loading: Promise<Uint8Array> | undefined;

/** The face as TrueType, unpacked on first use. */
export const loadColorEmoji = (): Promise<Uint8Array> =>
  (loading ??= (async () => {
    const require = createRequire(import.meta.url);
    const { decompress } = require('wawoff2') as {
      decompress: (woff2: Uint8Array) => Promise<Uint8Array>;
    };
    const woff2 = readFileSync(require.resolve('twemoji-colr-font/twemoji.woff2'));
    bytes = new Uint8Array(await decompress(woff2));
    return bytes;
  })());

/** The face's TrueType bytes when unpacked already, else undefined. */
export const loadedColorEmoji = () => bytes;
