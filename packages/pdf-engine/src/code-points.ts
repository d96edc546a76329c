/**
 * Text walked by code point and UTF-16 index. `for…of` over a string makes a string per
 * character, and outside Latin-1 each of those is a new allocation; shaping and encoding read
 * numbers instead:
 *
 *   for (let i = 0; i < text.length; ) {
 *     const codePoint = text.codePointAt(i)!;
 *     i += unitLength(codePoint);
 *   }
 */
export const NEWLINE = 0x0a;
export const SPACE = 0x20;

/** UTF-16 units a code point takes: 2 outside the Basic Multilingual Plane (emoji), else 1. */
export const unitLength = (codePoint: number) => (codePoint > 0xffff ? 2 : 1);
