/**
 * Drawing shaped glyphs: one line of a shaped value, its items in visual order, each glyph where
 * HarfBuzz placed it (TJ adjustments for advances that differ from the font's widths, text rise
 * for marks placed above or below).
 *
 * Each piece is marked with /ActualText: its characters, cluster by cluster in the order the
 * glyphs are drawn (so right-to-left text is given in visual order, as in every PDF: readers
 * apply the bidi algorithm when they extract it). Without it a reordered Devanagari vowel sign,
 * a ligature or a glyph moved by kerning comes out of text extraction split or shuffled.
 */
import type { RGB } from '@cantoo/pdf-lib';
import type { EngineFont } from './engine-font.ts';
import type { Face } from './faces.ts';
import { fillColor, type PageCanvas } from './page-canvas.ts';
import { num } from './pdf-syntax.ts';
import { visualPieces, type ShapedItem } from './shape-text.ts';

/** An embedded face as a page names it; its objects are written per document (face-subset.ts). */
export class FaceFont implements EngineFont {
  // By face, and faces belong to an engine: a WeakMap lets a dropped engine's faces go.
  private static readonly all = new WeakMap<Face, FaceFont>();
  readonly face: Face;
  readonly key: string;

  private constructor(face: Face) {
    this.face = face;
    this.key = `hb:${face.name}`;
  }

  static of(face: Face): FaceFont {
    let font = FaceFont.all.get(face);
    if (!font) {
      font = new FaceFont(face);
      FaceFont.all.set(face, font);
    }
    return font;
  }

  // Shaped text is measured by its glyphs (shape-text.ts), never through these.
  charWidth(): number {
    return 0;
  }
  widthOfTextAtSize(): number {
    return 0;
  }
  encode(): string {
    return '<>';
  }
}

const hex4 = (value: number) => value.toString(16).padStart(4, '0');

/** A PDF text string in UTF-16BE with its byte order mark, as hex. */
const utf16String = (text: string) => {
  let hex = '<FEFF';
  for (let i = 0; i < text.length; i++) hex += hex4(text.charCodeAt(i));
  return `${hex}>`;
};

/** A piece's glyphs, each with the characters it stands for ('' for a cluster's later glyphs). */
const glyphTexts = (piece: ShapedItem, codes: readonly number[]): string[] => {
  let texts = textsByPiece.get(piece);
  if (texts) return texts;
  // A cluster runs from its index to the next cluster's (clusters are character indices).
  const starts = [...new Set(piece.glyphs.map((g) => g.cluster))].sort((a, b) => a - b);
  const endOf = new Map(starts.map((start, i) => [start, starts[i + 1] ?? piece.end]));
  const named = new Set<number>();
  texts = piece.glyphs.map((g) => {
    if (named.has(g.cluster)) return '';
    named.add(g.cluster);
    return String.fromCodePoint(...codes.slice(g.cluster, endOf.get(g.cluster)));
  });
  textsByPiece.set(piece, texts);
  return texts;
};

/** Pieces come from a cache of shaped values (draw-text.ts), so their texts are kept with them. */
const textsByPiece = new WeakMap<ShapedItem, string[]>();

/**
 * The operators of one piece's glyphs and its advance in points, marked with /ActualText: the
 * piece's characters, cluster by cluster in the order the glyphs are drawn.
 */
const pieceOperators = (
  canvas: PageCanvas,
  piece: ShapedItem,
  codes: readonly number[],
  size: number,
) => {
  const { face } = piece;
  const scale = 1000 / face.upem;
  const texts = glyphTexts(piece, codes);
  const glyphs = canvas.glyphs.of(face);
  let ops = '';
  let array = '';
  let rise = 0;
  let advance = 0;
  const flush = () => {
    if (array) ops += `[${array}] TJ\n`;
    array = '';
  };
  piece.glyphs.forEach((g, i) => {
    const cid = glyphs.cid(g.gid, texts[i]!);
    if (g.yOffset !== rise) {
      flush();
      rise = g.yOffset;
      ops += `${num((rise * size) / face.upem)} Ts\n`;
    }
    if (g.xOffset !== 0) array += ` ${num(-g.xOffset * scale)}`;
    array += `<${hex4(cid)}>`;
    const correction = face.advance(g.gid) - g.advance + g.xOffset;
    if (correction !== 0) array += ` ${num(correction * scale)}`;
    advance += (g.advance * size) / face.upem;
  });
  flush();
  if (rise !== 0) ops += '0 Ts\n';
  return { ops: actualText(texts, ops), advance };
};

const actualText = (texts: string[], ops: string) =>
  `/Span << /ActualText ${utf16String(texts.join(''))} >> BDC\n${ops}EMC\n`;

/**
 * The operators of a colour face's piece: each glyph's layers drawn one over the other at the
 * glyph's place, each in its palette colour, and the text's colour again after. Layer glyphs
 * get no ToUnicode entry (one layer, a face's outline say, serves many emoji): the piece's
 * /ActualText alone says what it reads as.
 */
const colorPieceOperators = (
  canvas: PageCanvas,
  piece: ShapedItem,
  codes: readonly number[],
  at: { x: number; y: number; size: number; color: RGB },
) => {
  const { face } = piece;
  const unit = at.size / face.upem;
  const texts = glyphTexts(piece, codes);
  const glyphs = canvas.glyphs.of(face);
  let ops = '';
  let pen = 0;
  piece.glyphs.forEach((g, i) => {
    const place = `1 0 0 1 ${num(at.x + (pen + g.xOffset) * unit)} ${num(at.y + g.yOffset * unit)} Tm\n`;
    const layers = face.colorLayers(g.gid);
    if (layers.length === 0) {
      ops += `${fillColor(at.color)}\n${place}<${hex4(glyphs.cid(g.gid, texts[i]!))}> Tj\n`;
    }
    for (const layer of layers) {
      ops += `${fillColor(layer.color ?? at.color)}\n${place}<${hex4(glyphs.cid(layer.gid, ''))}> Tj\n`;
    }
    pen += g.advance;
  });
  return { ops: `${actualText(texts, ops)}${fillColor(at.color)}\n`, advance: pen * unit };
};

/** Draws characters [start, end) of a shaped value as one line starting at (x, y). */
export const drawShapedLine = (
  canvas: PageCanvas,
  shaped: { items: ShapedItem[]; codes: readonly number[] },
  range: { start: number; end: number },
  at: { x: number; y: number; size: number; color: RGB },
) => {
  const pieces = visualPieces(shaped.items, range.start, range.end);
  let body = '';
  let x = at.x;
  for (const piece of pieces) {
    if (piece.glyphs.length === 0) continue;
    const name = canvas.useFont(FaceFont.of(piece.face));
    const { ops, advance } = piece.face.isColor
      ? colorPieceOperators(canvas, piece, shaped.codes, { ...at, x })
      : pieceOperators(canvas, piece, shaped.codes, at.size);
    body += `${name} ${num(at.size)} Tf\n1 0 0 1 ${num(x)} ${num(at.y)} Tm\n${ops}`;
    x += advance;
  }
  if (body) canvas.push(`q\nBT\n${fillColor(at.color)}\n${body}ET\nQ`);
};
