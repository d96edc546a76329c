/**
 * What one document draws on one page: content-stream operators as text, plus the fonts and
 * shared objects those operators name. The update writer turns it into a new content stream and
 * a rewritten page object; nothing of the template is touched.
 */
import type { RGB } from '@cantoo/pdf-lib';
import type { EngineFont } from './engine-font.ts';
import type { Matrix } from './page-geometry.ts';
import { num, nums } from './pdf-syntax.ts';
import type { PdfResource } from './template-resources.ts';

/** The resource name of a font on every page of a template, e.g. /PlatenstdHelvetica. */
export const fontResourceName = (prefix: string, font: EngineFont) =>
  `/${prefix}${font.key.replace(/[^A-Za-z0-9]/g, '')}`;

export class PageCanvas {
  private readonly ops: string[] = [];
  readonly fonts = new Set<EngineFont>();
  readonly shared = new Set<PdfResource>();

  constructor(private readonly prefix: string) {}

  /** Appends operators; each argument is one or more whole lines. */
  push(...operators: string[]) {
    for (const op of operators) this.ops.push(op);
  }

  /** Names a font in the page's resources and returns the name for `Tf`. */
  useFont(font: EngineFont): string {
    this.fonts.add(font);
    return fontResourceName(this.prefix, font);
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

export const fillColor = (c: RGB) => `${num(c.red)} ${num(c.green)} ${num(c.blue)} rg`;
export const strokeColor = (c: RGB) => `${num(c.red)} ${num(c.green)} ${num(c.blue)} RG`;
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
