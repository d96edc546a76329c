import { readImageHeader } from '@platen/pdf-engine';
import { isGzip, looksLikeSvg } from '../../lib/image-work.ts';

/** The pictures an image value may be: the engine draws PNG and JPEG, WebP and GIF become PNG. */
type PictureFormat = 'png' | 'jpeg' | 'webp' | 'gif';

/** A picture's format and size, read from its first bytes: nothing is decoded. */
export type PictureHeader = { format: PictureFormat; width: number; height: number };

const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.subarray(start, end).toString('latin1');

/** WebP keeps its size in the first chunk: lossy (VP8), lossless (VP8L) or extended (VP8X). */
const readWebp = (b: Buffer): PictureHeader | undefined => {
  if (b.length < 30 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 12) !== 'WEBP') return undefined;
  const chunk = ascii(b, 12, 16);
  if (chunk === 'VP8 ' && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return {
      format: 'webp',
      width: b.readUInt16LE(26) & 0x3fff,
      height: b.readUInt16LE(28) & 0x3fff,
    };
  }
  if (chunk === 'VP8L' && b[20] === 0x2f) {
    const bits = b.readUInt32LE(21);
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { format: 'webp', width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  }
  return undefined;
};

/** GIF's logical screen: what every frame is drawn on, and the size of the PNG it becomes. */
const readGif = (b: Buffer): PictureHeader | undefined => {
  const signature = ascii(b, 0, 6);
  if (b.length < 10 || (signature !== 'GIF87a' && signature !== 'GIF89a')) return undefined;
  return { format: 'gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
};

/**
 * What an image value holds, judged by its first bytes alone, before any decoder sees it: one
 * of the four pictures with its size, SVG or gzip (librsvg would parse a whole drawing, gzipped
 * or not, even to read its size), or nothing we read.
 */
export const readPictureHeader = (bytes: Buffer): PictureHeader | 'svg' | 'gzip' | undefined => {
  if (isGzip(bytes)) return 'gzip';
  const header = readImageHeader(bytes);
  if (header) return { format: header.kind, width: header.width, height: header.height };
  const other = readWebp(bytes) ?? readGif(bytes);
  if (other) return other;
  return looksLikeSvg(bytes) ? 'svg' : undefined;
};
