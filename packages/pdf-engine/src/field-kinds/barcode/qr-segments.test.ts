import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { readQrModules } from '../../../test/barcode-decode.ts';
import { createQr, versionGroup } from './qr-segments.ts';

const LEVELS = ['L', 'M', 'Q', 'H'] as const;

/**
 * Data where the chain matters: digit and capital runs of every length inside byte text, each
 * alone, text beyond ASCII (two-, three- and four-byte characters), and lengths that need
 * symbols of the middle and the last version groups.
 */
const samples = (): string[] => {
  const out = ['1', '12', '123', 'A', 'HELLO WORLD', '0123456789012345678901234567890'];
  out.push('ÄÖÜ äöü € 漢字', 'Grüße 😀 2026', 'a\u{1F600}1234567', 'x\uD800y');
  let seed = 11;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = (alphabet: string, length: number) =>
    Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
  for (let n = 0; n < 80; n++) {
    let text = '';
    while (text.length < 1 + n * 4) {
      const run = 1 + Math.floor(random() * 14);
      const kind = Math.floor(random() * 3);
      text += pick(['0123456789', 'ABCXYZ0189 $%*+-./:', 'abcxyz?&=_é€'][kind]!, run);
    }
    out.push(text);
  }
  out.push(pick('0123456789', 900), pick('ABCDEF0123 ', 700), pick('abc', 400), pick('ab12', 1200));
  for (let n = 0; n < 10; n++) {
    out.push(`https://pay.example.com/i/2026-${String(n).padStart(6, '0')}?amount=${n}.56&c=EUR`);
  }
  return out;
};

/** The data bits of a symbol's segments: mode, count and content of each. */
const dataBits = (symbol: QRCode.QRCode) =>
  symbol.segments.reduce((bits, segment) => {
    const { mode } = segment as unknown as { mode: { ccBits: number[] } };
    const content = (segment as unknown as { getBitsLength: () => number }).getBitsLength();
    return bits + 4 + mode.ccBits[versionGroup(symbol.version)]! + content;
  }, 0);

describe('createQr', () => {
  it('never makes more data bits than node-qrcode’s own chain, nor a larger symbol', () => {
    let fewer = 0;
    const groups = new Set<number>();
    for (const data of samples()) {
      for (const level of LEVELS) {
        let theirs: QRCode.QRCode;
        try {
          theirs = QRCode.create(data, { errorCorrectionLevel: level });
        } catch {
          continue; // too long for this level, for node-qrcode's chain
        }
        const ours = createQr(QRCode, data, { errorCorrectionLevel: level, maskPattern: 0 });
        expect(ours.version, `${level} ${data}`).toBeLessThanOrEqual(theirs.version);
        if (ours.version === theirs.version) {
          expect(dataBits(ours), `${level} ${data}`).toBeLessThanOrEqual(dataBits(theirs));
          if (dataBits(ours) < dataBits(theirs)) fewer++;
        }
        groups.add(versionGroup(ours.version));
      }
    }
    // Every group of count widths is reached, and the exact minimum beats the search somewhere.
    expect([...groups].sort()).toEqual([0, 1, 2]);
    expect(fewer).toBeGreaterThan(0);
  });

  it('makes symbols that read back as their data', async () => {
    for (const data of samples().filter((text) => text.length < 200 && !text.includes('\uD800'))) {
      const symbol = createQr(QRCode, data, { errorCorrectionLevel: 'M', maskPattern: 0 });
      expect(await readQrModules(symbol.modules), data).toBe(data);
    }
  });

  it('leaves an empty value and data past any symbol to node-qrcode’s own errors', () => {
    const options = { errorCorrectionLevel: 'M', maskPattern: 0 } as const;
    expect(() => createQr(QRCode, '', options)).toThrow(/No input text/);
    expect(() => createQr(QRCode, 'x'.repeat(3000), options)).toThrow(/too big/);
  });
});
