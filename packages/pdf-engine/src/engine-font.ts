/**
 * A font as the fill path uses it: widths for layout, text encoded for a content stream, and
 * the resource to reference. Standard-14 fonts are shared by the whole process (their metrics
 * are tables in pdf-lib); embedded faces are drawn as shaped glyphs (draw-glyphs.ts) and their
 * font objects are written with each document (face-subset.ts).
 */
import { StandardFontEmbedder, type StandardFonts } from '@cantoo/pdf-lib';

// pdf-lib's embedder takes the same names under another type.
type FontNames = Parameters<typeof StandardFontEmbedder.for>[0];
import type { PdfResource, TemplateResources } from './template-resources.ts';
import { unitLength } from './code-points.ts';

export interface EngineFont {
  /** Stable identity, e.g. `std:Helvetica` or `ttf:arimo`. */
  readonly key: string;
  /** The advance width of one character (a code point) at 1 pt, as pdf-lib measures it alone. */
  charWidth(codePoint: number): number;
  /** The width of a run as pdf-lib measures it (standard fonts include kerning). */
  widthOfTextAtSize(text: string, size: number): number;
  /** The run as a PDF string operand, e.g. `<48656C6C6F>`. */
  encode(text: string): string;
}

/** A character's code, glyph name and advance (per 1000 em) in a standard font. */
interface StandardGlyph {
  hex: string;
  name: string;
  advance: number;
}

/**
 * Characters below this code (Latin-1) are kept in arrays indexed by code: Map look-ups per
 * character (width, then glyph) were about a tenth of a standard-font document's time.
 */
const TABLE_SIZE = 256;

/**
 * Standard-14 fonts: nothing embedded, WinAnsi-encoded text. Encoding and measuring follow
 * pdf-lib's StandardFontEmbedder exactly (same glyphs, same kerning in run widths), with each
 * character's glyph and each kerning pair looked up once instead of on every call.
 */

export class StandardFont implements EngineFont {
  private static readonly all = new Map<StandardFonts, StandardFont>();
  private readonly widths = new Map<number, number>();
  private readonly glyphs = new Map<number, StandardGlyph>();
  private readonly widthTable: (number | undefined)[] = new Array<number | undefined>(TABLE_SIZE);
  private readonly glyphTable: (StandardGlyph | undefined)[] = new Array<StandardGlyph | undefined>(
    TABLE_SIZE,
  );
  private readonly kerning = new Map<string, number>();
  private readonly embedder: StandardFontEmbedder;
  readonly standard: StandardFonts;
  readonly key: string;

  private constructor(standard: StandardFonts) {
    this.standard = standard;
    this.embedder = StandardFontEmbedder.for(standard as unknown as FontNames);
    this.key = `std:${standard}`;
  }

  static of(standard: StandardFonts): StandardFont {
    let font = StandardFont.all.get(standard);
    if (!font) {
      font = new StandardFont(standard);
      StandardFont.all.set(standard, font);
    }
    return font;
  }

  charWidth(codePoint: number): number {
    if (codePoint < TABLE_SIZE) return (this.widthTable[codePoint] ??= this.measure(codePoint));
    let width = this.widths.get(codePoint);
    if (width === undefined) {
      width = this.measure(codePoint);
      this.widths.set(codePoint, width);
    }
    return width;
  }

  private measure(codePoint: number): number {
    return this.embedder.widthOfTextAtSize(String.fromCodePoint(codePoint), 1);
  }

  private glyph(codePoint: number): StandardGlyph {
    if (codePoint < TABLE_SIZE) return (this.glyphTable[codePoint] ??= this.readGlyph(codePoint));
    let glyph = this.glyphs.get(codePoint);
    if (!glyph) {
      glyph = this.readGlyph(codePoint);
      this.glyphs.set(codePoint, glyph);
    }
    return glyph;
  }

  private readGlyph(codePoint: number): StandardGlyph {
    const char = String.fromCodePoint(codePoint);
    const encoded = this.embedder.encodeText(char).toString(); // e.g. <41>
    const [{ name }] = (
      this.embedder as unknown as { encodeTextAsGlyphs(t: string): { name: string }[] }
    ).encodeTextAsGlyphs(char) as [{ name: string }];
    const advance = this.embedder.font.getWidthOfGlyph(name) || 250; // pdf-lib's default
    return { hex: encoded.slice(1, -1), name, advance };
  }

  private kern(left: string, right: string): number {
    const key = `${left} ${right}`;
    let amount = this.kerning.get(key);
    if (amount === undefined) {
      amount = this.embedder.font.getXAxisKerningForPair(left, right) || 0;
      this.kerning.set(key, amount);
    }
    return amount;
  }

  widthOfTextAtSize(text: string, size: number): number {
    let total = 0;
    let previous: StandardGlyph | undefined;
    for (let i = 0; i < text.length;) {
      const codePoint = text.codePointAt(i)!;
      i += unitLength(codePoint);
      const glyph = this.glyph(codePoint);
      if (previous) total += previous.advance + this.kern(previous.name, glyph.name);
      previous = glyph;
    }
    if (previous) total += previous.advance;
    return (total * size) / 1000;
  }

  /** Height of the font at a size, as pdf-lib computes it (for the SAMPLE stamp). */
  heightAtSize(size: number, options: { descender: boolean }): number {
    return this.embedder.heightOfFontAtSize(size, options);
  }

  encode(text: string): string {
    let hex = '<';
    for (let i = 0; i < text.length;) {
      const codePoint = text.codePointAt(i)!;
      i += unitLength(codePoint);
      hex += this.glyph(codePoint).hex;
    }
    return `${hex}>`;
  }
}

/** The template's dictionary of a standard font, built for the template if needed. */
export const fontResource = (
  font: StandardFont,
  resources: TemplateResources,
): Promise<PdfResource> => resources.standardFont(font.standard);

/** The template's dictionary of a standard font when it is built already. */
export const builtFontResource = (
  font: StandardFont,
  resources: TemplateResources,
): PdfResource | undefined => resources.builtStandardFont(font.standard);
