/**
 * Pictures for the profile picture and stamp uploads and for image values: ordinary photos and
 * hostile files (script in SVG, a page disguised as PNG, pixel floods, a metadata path that a
 * vulnerable converter would read from disk, a drawing that is costly to parse, a picture that
 * is costly to embed).
 */
import { crc32, deflateSync, gzipSync } from 'node:zlib';
import { latin1 } from './pdf-writer.ts';

// sharp is the server's image library; loaded only by the builders that need it.
const sharp = async () => (await import('sharp')).default;

export const svgWithScript = () =>
  latin1(`<?xml version="1.0" standalone="no"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="120" onload="alert('onload')">
  <title><script>alert('title')</script>Stamp</title>
  <desc><script>alert('desc')</script></desc>
  <script type="text/javascript">alert(document.domain)</script>
  <rect width="200" height="120" fill="#d02020"/>
  <foreignObject width="200" height="120"><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert('iframe')"></iframe></foreignObject>
  <animateTransform attributeName="transform" type="rotate" from="0" to="0" dur="1s" onbegin="alert('onbegin')"/>
</svg>
`);

/** An image href pointing elsewhere: a rasteriser that follows it makes a request (SSRF). */
export const svgWithExternalImage = () =>
  latin1(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="200">
  <image width="200" height="200" xlink:href="http://127.0.0.1:9/latest/meta-data/"/>
</svg>
`);

export const htmlNamedAsPng = () => latin1("<script>alert('XSS')</script>");

const chunk = (type: string, data: Uint8Array) => {
  const body = Buffer.concat([latin1(type), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG written chunk by chunk: `rows` are the unfiltered scanlines (filter byte added here). */
const png = (
  width: number,
  height: number,
  bitDepth: number,
  colourType: number,
  rows: Buffer,
  extra: Buffer[] = [],
) => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([bitDepth, colourType, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    ...extra,
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** A valid 300 KB PNG of 50000 × 50000 one-bit pixels: 2.5 gigapixels once decoded. */
export const pngPixelFlood = () => {
  const side = 50_000;
  return png(side, side, 1, 0, Buffer.alloc(side * (1 + side / 8)));
};

/** One pixel and a tEXt chunk `profile=/etc/passwd` (CVE-2022-44268 in ImageMagick). */
export const pngWithFileProfile = () =>
  png(1, 1, 8, 2, Buffer.from([0, 0xd0, 0x20, 0x20]), [
    chunk('tEXt', Buffer.concat([latin1('profile'), Buffer.from([0]), latin1('/etc/passwd')])),
  ]);

/** 32 × 32 RGBA with a gradient alpha: small enough to send as a data: URI anywhere. */
export const tinyRgbaPng = () => {
  const rows = Buffer.alloc(32 * (1 + 32 * 4));
  for (let y = 0; y < 32; y++) {
    for (let x = 0; x < 32; x++) {
      rows.set([x * 8, y * 8, 128, (x + y) * 4], y * (1 + 32 * 4) + 1 + x * 4);
    }
  }
  return png(32, 32, 8, 6, rows);
};

/** Raw RGB(A) pixels of a soft gradient with a red square: something like a photo or a logo. */
const picture = (width: number, height: number, channels: 3 | 4) => {
  const data = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      const inSquare =
        x > width / 3 && x < (2 * width) / 3 && y > height / 3 && y < (2 * height) / 3;
      data.set(inSquare ? [208, 32, 32] : [(x * 255) / width, (y * 255) / height, 160], i);
      if (channels === 4) data[i + 3] = inSquare ? 255 : Math.round((x * 255) / width);
    }
  }
  return { data, raw: { width, height, channels } };
};

export const photoRgbJpeg = async () => {
  const { data, raw } = picture(960, 540, 3);
  return (await sharp())(data, { raw }).jpeg({ quality: 85 }).toBuffer();
};

/** CMYK JPEG with camera EXIF (Canon, a date, an editor's name) that an upload must strip. */
export const photoCmykWithExif = async () => {
  const { data, raw } = picture(500, 333, 3);
  return (await sharp())(data, { raw })
    .toColourspace('cmyk')
    .withExif({
      IFD0: {
        Make: 'Canon',
        Model: 'Canon EOS 300D DIGITAL',
        DateTime: '2005:05:14 12:00:00',
        Software: 'Adobe Photoshop CS2 Windows',
      },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
};

export const rgbaPng = async () => {
  const { data, raw } = picture(600, 375, 4);
  return (await sharp())(data, { raw }).png().toBuffer();
};

/** A 16 × 16 JPEG whose frame header then claims 64250 × 64250 (4.1 gigapixels). */
export const jpegPixelFlood = async () => {
  const { data, raw } = picture(16, 16, 3);
  const jpeg = Buffer.from(await (await sharp())(data, { raw }).jpeg().toBuffer());
  for (let i = 2; i < jpeg.length - 9; i++) {
    // SOF0 or SOF2: marker, length (2 bytes), precision, height, width.
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) {
      jpeg.writeUInt16BE(64250, i + 5);
      jpeg.writeUInt16BE(64250, i + 7);
      return jpeg;
    }
  }
  throw new Error('no frame header in the JPEG');
};

/** The same pseudo-random bytes on every build (xorshift32), so the files repeat. */
const noiseBytes = (length: number, seed: number) => {
  const bytes = Buffer.alloc(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
};

/**
 * 2800 × 2800 pixels of two-colour noise, one colour half-transparent, its rows repeating every
 * 64: 30 KB as a one-bit indexed PNG, and about 6 s of one core for pdf-lib to embed. pdf-lib
 * inflates it to RGBA and deflates colour and alpha again, where the repeats lie beyond
 * deflate's 32 KB window (noise of few values is deflate's slowest input). It passes every size
 * check, so a document that uses it ends at the time limit.
 */
export const pngTwoColourNoise = () => {
  const side = 2800;
  const period = 64;
  const rowBytes = side / 8;
  const rows = Buffer.alloc(side * (1 + rowBytes));
  const noise = noiseBytes(period * rowBytes, 0x2545f491);
  for (let y = 0; y < side; y++) {
    const from = (y % period) * rowBytes;
    noise.copy(rows, y * (1 + rowBytes) + 1, from, from + rowBytes);
  }
  const palette = chunk('PLTE', Buffer.from([20, 40, 200, 240, 220, 30]));
  const transparency = chunk('tRNS', Buffer.from([128, 255]));
  return png(side, side, 1, 3, rows, [palette, transparency]);
};

/**
 * A gzipped SVG (.svgz) of a million small rectangles: 70 KB that librsvg unpacks to 28 MB and
 * parses whole, to 1.6 GB of memory and seconds of work, even when asked only for its size.
 */
export const svgzMillionRects = () => {
  const rects = '<rect width="1" height="1"/>'.repeat(1_000_000);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000">${rects}</svg>`;
  return gzipSync(latin1(svg), { level: 9 });
};
