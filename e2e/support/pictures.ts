/*
 * Tiny pictures in the formats the server cannot read (BMP, ICO), written byte by byte so the
 * tests need no image files. Both are uncompressed: rows bottom-up, pixels in BGR(A) order.
 */

type Rgb = readonly [number, number, number];

/** A rows × columns picture, left half one colour and right half another. */
const pixelAt = (x: number, width: number, left: Rgb, right: Rgb) => (x < width / 2 ? left : right);

/** BITMAPINFOHEADER (40 bytes) of a picture with `rowsInHeader` rows. */
const infoHeader = (
  width: number,
  rowsInHeader: number,
  bitsPerPixel: number,
  dataSize: number,
) => {
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(width, 4);
  header.writeInt32LE(rowsInHeader, 8);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(bitsPerPixel, 14);
  header.writeUInt32LE(dataSize, 20);
  return header;
};

/** A 24-bit BMP file. */
export const bmpPicture = (width: number, height: number, left: Rgb, right: Rgb): Buffer => {
  const rowSize = Math.ceil((width * 3) / 4) * 4;
  const pixels = Buffer.alloc(rowSize * height);
  for (let row = 0; row < height; row++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixelAt(x, width, left, right);
      pixels.set([b, g, r], row * rowSize + x * 3);
    }
  }
  const file = Buffer.alloc(14);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(14 + 40 + pixels.length, 2);
  file.writeUInt32LE(14 + 40, 10);
  return Buffer.concat([file, infoHeader(width, height, 24, pixels.length), pixels]);
};

/** An ICO file holding one 32-bit picture (width and height up to 255). */
export const icoPicture = (width: number, height: number, left: Rgb, right: Rgb): Buffer => {
  const colours = Buffer.alloc(width * height * 4);
  for (let row = 0; row < height; row++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixelAt(x, width, left, right);
      colours.set([b, g, r, 255], (row * width + x) * 4);
    }
  }
  // The transparency mask, one bit per pixel, rows padded to 4 bytes: all opaque.
  const mask = Buffer.alloc(Math.ceil(width / 32) * 4 * height);
  // An icon's header counts the colour rows and the mask rows together.
  const image = Buffer.concat([infoHeader(width, height * 2, 32, colours.length), colours, mask]);
  const directory = Buffer.alloc(6 + 16);
  directory.writeUInt16LE(1, 2);
  directory.writeUInt16LE(1, 4);
  directory.writeUInt8(width, 6);
  directory.writeUInt8(height, 7);
  directory.writeUInt16LE(1, 10);
  directory.writeUInt16LE(32, 12);
  directory.writeUInt32LE(image.length, 14);
  directory.writeUInt32LE(6 + 16, 18);
  return Buffer.concat([directory, image]);
};
