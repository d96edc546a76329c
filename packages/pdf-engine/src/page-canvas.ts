/**
 * What one document draws on one page: content-stream operators as text, plus the fonts and
 * shared objects those operators name. The update writer turns it into a new content stream and
 * a rewritten page object; nothing of the template is touched.
 */
import type { RGB } from '@cantoo/pdf-lib';
import type { EngineFont } from './engine-font.ts';
import { DocumentGlyphs } from './document-glyphs.ts';
import type { Matrix } from './pdf-user-space.ts';
import { num, nums } from './pdf-syntax.ts';
import type { PdfResource } from './template-resources.ts';

/** The resource name of a font on every page of a template, e.g. /PlatenstdHelvetica. */
const fontResourceName = (prefix: string, font: EngineFont) =>
  `/${prefix}${font.key.replace(/[^A-Za-z0-9]/g, '')}`;

export class PageCanvas {
  private readonly ops: string[] = [];
  /** The fonts the operators use, with their resource names. */
  readonly fonts = new Map<EngineFont, string>();
  readonly shared = new Set<PdfResource>();

  private readonly prefix: string;
  private readonly document: { glyphs?: DocumentGlyphs };

  /** `document` holds the glyphs drawn with embedded faces, shared by all its pages. */
  constructor(prefix: string, document: { glyphs?: DocumentGlyphs } = {}) {
    this.prefix = prefix;
    this.document = document;
  }

  /** The document's embedded-face glyphs, made on first use (standard-font documents have none). */
  get glyphs(): DocumentGlyphs {
    return (this.document.glyphs ??= new DocumentGlyphs());
  }

  /** The document's embedded-face glyphs if any were drawn. */
  get drawnGlyphs(): DocumentGlyphs | undefined {
    return this.document.glyphs;
  }

  /** Appends operators; each argument is one or more whole lines. */
  push(...operators: string[]) {
    for (const op of operators) this.ops.push(op);
  }

  /** Names a font in the page's resources and returns the name for `Tf`. */
  useFont(font: EngineFont): string {
    let name = this.fonts.get(font);
    if (name === undefined) {
      name = fontResourceName(this.prefix, font);
      this.fonts.set(font, name);
    }
    return name;
  }

  /** Names a shared object (image, graphics state) and returns its resource name. */
  use(resource: PdfResource): string {
    this.shared.add(resource);
    return resource.name;
  }

  get content(): string {
    return this.ops.join('\n');
  }
}

// Colours come shared from parseColor, so their operands are formatted once per colour.
const colorOperands = new WeakMap<RGB, string>();
const operands = (c: RGB) => {
  let text = colorOperands.get(c);
  if (text === undefined) {
    text = `${num(c.red)} ${num(c.green)} ${num(c.blue)}`;
    colorOperands.set(c, text);
  }
  return text;
};

export const fillColor = (c: RGB) => `${operands(c)} rg`;
export const strokeColor = (c: RGB) => `${operands(c)} RG`;
export const concat = (m: Matrix | readonly number[]) => `${nums(m)} cm`;

/** One run of text at (x, y), as pdf-lib's drawText writes it (optionally rotated). */
export const showText = (
  canvas: PageCanvas,
  run: { font: EngineFont; text: string },
  at: { x: number; y: number; size: number; color: RGB; radians?: number; state?: string },
) => {
  const name = canvas.useFont(run.font);
  const matrix = at.radians
    ? nums([
        Math.cos(at.radians),
        Math.sin(at.radians),
        -Math.sin(at.radians),
        Math.cos(at.radians),
      ])
    : '1 0 0 1';
  const state = at.state ? `${at.state} gs\n` : '';
  canvas.push(
    `q\n${state}BT\n${fillColor(at.color)}\n${name} ${num(at.size)} Tf\n` +
      `${matrix} ${num(at.x)} ${num(at.y)} Tm\n${run.font.encode(run.text)} Tj\nET\nQ`,
  );
};
