/**
 * An embedded TrueType font shared by every document of one template: a subset that grows to
 * cover the characters seen so far. Glyph ids never change once given, so text encoded for an
 * older subset stays right in a newer one; the font objects are rebuilt only when a document
 * brings a glyph the last build lacks (10-30 ms, then never again for those characters).
 * Widths and encoded runs are cached, because fontkit's layout costs about 0.4 ms per call.
 */
import type { Font, Glyph } from '@cantoo/fontkit';
import { CustomFontSubsetEmbedder } from '@cantoo/pdf-lib';
import type { EngineFont } from './engine-font.ts';
import { TemplateResources, type PdfResource } from './template-resources.ts';

/** pdf-lib's private state of a subset embedder, needed to keep it consistent across rebuilds. */
interface SubsetInternals {
  subset: { glyphs: number[] };
  glyphs: Glyph[];
  glyphIdMap: Map<number, number>;
  glyphCache: { invalidate(): void };
  font: Font;
}

/** A run of text encoded in the subset: glyph ids as hex, and its width at 1 pt. */
interface EncodedRun {
  hex: string;
  width: number;
}

const MAX_CACHED_RUNS = 4096;

export class SubsetFont implements EngineFont {
  private readonly widths = new Map<number, number>();
  private readonly encoded = new Map<string, EncodedRun>();
  private version: { glyphCount: number; resource: PdfResource } | undefined;
  private building: Promise<void> | undefined;
  readonly name: string;

  private constructor(
    readonly key: string,
    private readonly embedder: CustomFontSubsetEmbedder,
    private readonly resources: TemplateResources,
  ) {
    this.name = resources.newName('F');
  }

  /** A subset font over an already parsed fontkit font (parsing is shared per process). */
  static async create(key: string, font: Font, bytes: Uint8Array, resources: TemplateResources) {
    const sharedParse = { create: () => font };
    const embedder = await CustomFontSubsetEmbedder.for(sharedParse, bytes);
    return new SubsetFont(key, embedder, resources);
  }

  private get internals() {
    return this.embedder as unknown as SubsetInternals;
  }

  /**
   * fontkit adds the parts of composite glyphs (ł = l + stroke) to the subset while encoding it,
   * without pdf-lib knowing; a later glyph then leaves holes that pdf-lib's width table trips on.
   * Filling the holes with those parts keeps every id the subset has known to pdf-lib.
   */
  private fillHoles() {
    const { subset, glyphs, glyphIdMap, glyphCache, font } = this.internals;
    let changed = false;
    for (let i = 0; i < subset.glyphs.length - 1; i++) {
      if (glyphs[i]) continue;
      const glyph = font.getGlyph(subset.glyphs[i + 1]!);
      if (!glyph) continue;
      glyphs[i] = glyph;
      glyphIdMap.set(glyph.id, i + 1);
      changed = true;
    }
    if (changed) glyphCache.invalidate();
  }

  private glyphCount() {
    return this.internals.subset.glyphs.length;
  }

  charWidth(codePoint: number): number {
    let width = this.widths.get(codePoint);
    if (width === undefined) {
      width = this.embedder.widthOfTextAtSize(String.fromCodePoint(codePoint), 1);
      this.widths.set(codePoint, width);
    }
    return width;
  }

  private run(text: string): EncodedRun {
    let run = this.encoded.get(text);
    if (!run) {
      run = {
        hex: this.embedder.encodeText(text).toString(),
        width: this.embedder.widthOfTextAtSize(text, 1),
      };
      this.fillHoles();
      if (this.encoded.size >= MAX_CACHED_RUNS) this.encoded.clear();
      this.encoded.set(text, run);
    }
    return run;
  }

  widthOfTextAtSize(text: string, size: number): number {
    return this.run(text).width * size;
  }

  encode(text: string): string {
    return this.run(text).hex;
  }

  /** The newest font objects when they cover every glyph encoded so far. */
  builtResource(): PdfResource | undefined {
    const version = this.version;
    return version && version.glyphCount >= this.glyphCount() ? version.resource : undefined;
  }

  /** The newest font objects, rebuilt first if a document has used glyphs they lack. */
  async resource(): Promise<PdfResource> {
    for (;;) {
      const built = this.builtResource();
      if (built) return built;
      this.building ??= this.rebuild().finally(() => {
        this.building = undefined;
      });
      await this.building;
    }
  }

  private async rebuild() {
    this.fillHoles();
    const glyphCount = this.glyphCount();
    const resource = await this.resources.build(async (context) => {
      const ref = context.nextRef();
      await this.embedder.embedIntoContext(context, ref);
      const objects = TemplateResources.written(context);
      return { kind: 'Font', name: this.name, ref: { num: ref.objectNumber, gen: 0 }, objects };
    });
    this.fillHoles();
    this.resources.account(resource.objects.reduce((sum, o) => sum + o.data.length, 0));
    this.version = { glyphCount, resource: resource as PdfResource };
  }
}
