/**
 * Image type and pixel size read from the first bytes, before anything is decoded: pdf-lib
 * inflates a PNG completely, so a pixel flood (corpus: pixel_flood_50000x50000) must be refused
 * from its header.
 */

export interface ImageHeader {
  kind: 'png' | 'jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const readPng = (b: Uint8Array): ImageHeader | undefined => {
  if (b.length < 24 || !PNG_SIGNATURE.every((v, i) => b[i] === v)) return undefined;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return { kind: 'png', width: view.getUint32(16), height: view.getUint32(20) };
};

// Start-of-frame markers carry the size; C4, C8 and CC are other tables with the same prefix.
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

const readJpeg = (b: Uint8Array): ImageHeader | undefined => {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let offset = 2;
  while (offset + 9 < b.length) {
    if (b[offset] !== 0xff) return undefined;
    const marker = b[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    const length = view.getUint16(offset + 2);
    if (isStartOfFrame(marker)) {
      return {
        kind: 'jpeg',
        height: view.getUint16(offset + 5),
        width: view.getUint16(offset + 7),
      };
    }
    offset += 2 + length;
  }
  return undefined;
};

/** The type and size of a PNG or JPEG, or undefined for anything else. */
export const readImageHeader = (bytes: Uint8Array): ImageHeader | undefined =>
  readPng(bytes) ?? readJpeg(bytes);
