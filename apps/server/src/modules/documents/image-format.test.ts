import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { corpusBuffer } from '../../../test/corpus.ts';
import { readPictureHeader } from './image-format.ts';
import { checkImagePixels, type ImageValue } from './image-source.ts';

/** A 37 × 23 picture with alpha or not, as sharp writes it. */
const picture = (alpha: boolean) =>
  sharp({
    create: {
      width: 37,
      height: 23,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 200, g: 30, b: 30, alpha: 0.5 } : '#c81e1e',
    },
  });

describe('the header of an image value', () => {
  it.each([
    ['PNG', 'png', () => picture(true).png().toBuffer()],
    ['JPEG', 'jpeg', () => picture(false).jpeg().toBuffer()],
    ['lossy WebP (VP8)', 'webp', () => picture(false).webp().toBuffer()],
    ['lossless WebP (VP8L)', 'webp', () => picture(false).webp({ lossless: true }).toBuffer()],
    ['WebP with alpha (VP8X)', 'webp', () => picture(true).webp().toBuffer()],
    ['GIF', 'gif', () => picture(false).gif().toBuffer()],
  ])('gives the format and size of a %s', async (_kind, format, make) => {
    const bytes = await make();
    expect(readPictureHeader(bytes)).toEqual({ format, width: 37, height: 23 });
    expect(await sharp(bytes).metadata()).toMatchObject({ format, width: 37, height: 23 });
  });

  it('tells SVG and gzip from pictures, and reads nothing else', async () => {
    expect(readPictureHeader(await corpusBuffer('svg-script-onload-foreignobject.svg'))).toBe(
      'svg',
    );
    expect(readPictureHeader(await corpusBuffer('svgz-million-rects.svgz'))).toBe('gzip');
    expect(readPictureHeader(await corpusBuffer('html-script-named-png.png'))).toBeUndefined();
    expect(readPictureHeader(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBeUndefined();
  });
});

describe('the pixel budget of one document', () => {
  const image = (label: string, format: ImageValue['format'], width: number, height: number) =>
    ({ label, format, width, height, bytes: Buffer.alloc(0) }) as ImageValue;

  it('counts PNG, WebP and GIF pixels, and lets a document through at the budget', () => {
    expect(() =>
      checkImagePixels([
        image('A', 'png', 2000, 2000),
        image('B', 'webp', 2000, 1000),
        image('C', 'gif', 1000, 2000),
      ]),
    ).not.toThrow();
    expect(() =>
      checkImagePixels([image('A', 'png', 2000, 2000), image('B', 'gif', 2000, 2001)]),
    ).toThrow('"B" (2000 × 2001), "A" (2000 × 2000)');
  });

  it('leaves JPEG out: the engine copies it without decoding', () => {
    expect(() =>
      checkImagePixels([image('A', 'jpeg', 6000, 6000), image('B', 'png', 4000, 2000)]),
    ).not.toThrow();
  });
});
