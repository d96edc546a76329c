/**
 * The objects documents of one template share: fonts, pictures and the `q` stream that isolates
 * the template's own drawing. Each is built once, given object numbers above the template's own,
 * and kept as finished bytes; a document copies those bytes into its update. Object numbers only
 * grow, so every document of the template sees each shared object under one stable number.
 */
import { createHash } from 'node:crypto';
import {
  JpegEmbedder,
  PDFContext,
  PngEmbedder,
  StandardFontEmbedder,
  type StandardFonts,
} from '@cantoo/pdf-lib';
import { PdfEngineError } from './errors.ts';
import { readImageHeader } from './image-header.ts';
import {
  byteLength,
  indirectObject,
  textStreamObject,
  type ObjectRef,
  type WrittenObject,
} from './pdf-syntax.ts';

type ResourceKind = 'Font' | 'XObject' | 'ExtGState';

/** A shared object as a page uses it: the name in /Resources and the objects to write. */
export interface PdfResource {
  kind: ResourceKind;
  name: string;
  ref: ObjectRef;
  objects: WrittenObject[];
}

/** A picture ready to draw: its resource and its size in pixels. */
export interface PreparedImage {
  resource: PdfResource;
  width: number;
  height: number;
}

/** Pictures kept per template (stamps repeat on every document); older ones are dropped first. */
const IMAGE_CACHE_BYTES = 8 * 1024 * 1024;

const resourceBytes = (r: PdfResource) => r.objects.reduce((sum, o) => sum + byteLength(o.data), 0);

const badImage = (label: string, why: string) =>
  new PdfEngineError('INVALID_VALUE', `The image for "${label}" ${why}`, [label]);

export class TemplateResources {
  private next: number;
  private queue: Promise<unknown> = Promise.resolve();
  /** Standard fonts and graphics states, by name. */
  private readonly standardFonts = new Map<string, PdfResource>();
  private readonly images = new Map<string, PreparedImage>();
  private imageBytes = 0;
  private extraBytes = 0;
  private counter = 0;
  readonly prefix: string;
  readonly pushState: PdfResource;

  /** `firstFree` is the template's /Size; `usedNames` its resource names, to avoid. */
  constructor(firstFree: number, usedNames: string) {
    this.next = firstFree;
    let prefix = 'Platen';
    while (usedNames.includes(`/${prefix}`)) prefix += 'X';
    this.prefix = prefix;
    const ref = this.allocate(1);
    this.pushState = { kind: 'XObject', name: '', ref, objects: [textStreamObject(ref, 'q')] };
  }

  /** The first object number no shared object uses yet: a document numbers its own from here. */
  get firstFree() {
    return this.next;
  }

  /** A fresh resource name such as /PlatenF3. */
  newName(tag: string) {
    return `/${this.prefix}${tag}${++this.counter}`;
  }

  allocate(count: number): ObjectRef {
    const ref = { num: this.next, gen: 0 };
    this.next += count;
    return ref;
  }

  /**
   * Runs a build that embeds pdf-lib objects into a scratch context numbered from our next free
   * number, one build at a time so two documents never get the same numbers.
   */
  build<T>(make: (context: PDFContext) => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      const context = PDFContext.create();
      context.largestObjectNumber = this.next - 1;
      try {
        return await make(context);
      } finally {
        this.next = context.largestObjectNumber + 1;
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Every object of a scratch context, written with its (already final) number. */
  static written(context: PDFContext): WrittenObject[] {
    return context
      .enumerateIndirectObjects()
      .map(([ref, object]) =>
        indirectObject({ num: ref.objectNumber, gen: ref.generationNumber }, object),
      );
  }

  /** The dictionary of a standard-14 font when it is built already. */
  builtStandardFont(font: StandardFonts): PdfResource | undefined {
    return this.standardFonts.get(font);
  }

  /** The dictionary of a standard-14 font, built once per template. */
  async standardFont(font: StandardFonts): Promise<PdfResource> {
    const known = this.standardFonts.get(font);
    if (known) return known;
    const made = await this.build(async (context) => {
      const ref = context.nextRef();
      const names = font as unknown as Parameters<typeof StandardFontEmbedder.for>[0];
      StandardFontEmbedder.for(names).embedIntoContext(context, ref);
      const resource: PdfResource = {
        kind: 'Font',
        name: this.newName('F'),
        ref: { num: ref.objectNumber, gen: 0 },
        objects: TemplateResources.written(context),
      };
      return resource;
    });
    const again = this.standardFonts.get(font);
    if (again) return again;
    this.standardFonts.set(font, made);
    this.extraBytes += resourceBytes(made);
    return made;
  }

  /** A graphics state that makes filling translucent (the SAMPLE stamp), built once. */
  async opacityState(opacity: number): Promise<PdfResource> {
    const key = `gs:${opacity}`;
    const known = this.standardFonts.get(key);
    if (known) return known;
    const made = await this.build(async (context) => {
      const ref = context.nextRef();
      context.assign(ref, context.obj({ Type: 'ExtGState', ca: opacity }));
      const resource: PdfResource = {
        kind: 'ExtGState',
        name: this.newName('GS'),
        ref: { num: ref.objectNumber, gen: 0 },
        objects: TemplateResources.written(context),
      };
      return resource;
    });
    const again = this.standardFonts.get(key);
    if (again) return again;
    this.standardFonts.set(key, made);
    return made;
  }

  /** A PNG or JPEG as an image XObject, reused when the same picture comes again. */
  async image(label: string, bytes: Uint8Array): Promise<PreparedImage> {
    const key = createHash('sha256').update(bytes).digest('base64');
    const known = this.images.get(key);
    if (known) {
      this.images.delete(key);
      this.images.set(key, known);
      return known;
    }
    const header = readImageHeader(bytes);
    if (!header) throw badImage(label, 'is not a PNG or JPEG picture.');
    let embedder: PngEmbedder | JpegEmbedder;
    try {
      embedder =
        header.kind === 'png' ? await PngEmbedder.for(bytes) : await JpegEmbedder.for(bytes);
    } catch {
      throw badImage(label, 'is damaged and cannot be read.');
    }
    const image = await this.build(async (context) => {
      const ref = context.nextRef();
      await embedder.embedIntoContext(context, ref);
      const resource: PdfResource = {
        kind: 'XObject',
        name: this.newName('I'),
        ref: { num: ref.objectNumber, gen: 0 },
        objects: TemplateResources.written(context),
      };
      return { resource, width: embedder.width, height: embedder.height };
    });
    this.remember(key, image);
    return image;
  }

  private remember(key: string, image: PreparedImage) {
    this.images.set(key, image);
    this.imageBytes += resourceBytes(image.resource);
    for (const [oldKey, old] of this.images) {
      if (this.imageBytes <= IMAGE_CACHE_BYTES || old === image) break;
      this.images.delete(oldKey);
      this.imageBytes -= resourceBytes(old.resource);
    }
  }

  /** Adds the size of objects built elsewhere (font subsets) to this template's account. */
  account(bytes: number) {
    this.extraBytes += bytes;
  }

  sizeInBytes() {
    return this.imageBytes + this.extraBytes + 1024;
  }
}
