import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { withBestMask, type QrLevel } from './qr-mask.ts';

const LEVELS: QrLevel[] = ['L', 'M', 'Q', 'H'];

/** Data of every mode and of sizes from version 1 to past 7 (where version information starts). */
const samples = (): string[] => {
  const out = ['1', 'HELLO WORLD', '0123456789012345678901234567890', 'ÄÖÜ äöü € 漢字'];
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/:?&=.-_ ';
  for (let n = 0; n < 60; n++) {
    const length = 1 + Math.floor(random() * 260);
    let text = '';
    for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
    out.push(text);
  }
  for (let n = 0; n < 20; n++) {
    out.push(`https://pay.example.com/i/2026-${String(n).padStart(6, '0')}?amount=${n}.56&c=EUR`);
  }
  return out;
};

describe('withBestMask', () => {
  it('gives the modules node-qrcode chooses itself, for every level and many data', () => {
    const versionsSeen = new Set<number>();
    const masksSeen = new Set<number>();
    for (const data of samples()) {
      for (const level of LEVELS) {
        const own = QRCode.create(data, { errorCorrectionLevel: level });
        const maskedWithZero = QRCode.create(data, { errorCorrectionLevel: level, maskPattern: 0 });
        expect(withBestMask(maskedWithZero.modules, level)).toEqual(own.modules.data);
        versionsSeen.add(own.version);
        masksSeen.add(own.maskPattern as number);
      }
    }
    // The samples reach symbols with version information and every mask is chosen somewhere.
    expect(Math.max(...versionsSeen)).toBeGreaterThanOrEqual(7);
    expect(masksSeen.size).toBe(8);
  });
});
