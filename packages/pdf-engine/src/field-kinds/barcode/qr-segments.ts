import type QRCode from 'qrcode';

/*
 * A QR code's data is a chain of segments, each numeric (3⅓ bits a digit), alphanumeric (5½ bits
 * a character of `0-9A-Z $%*+-./:`) or byte (8 bits a UTF-8 byte), each with a header of a 4-bit
 * mode and a character count whose width depends on the symbol's version. node-qrcode, given a
 * string, chooses the chain with a general shortest-path search (dijkstrajs over a graph of
 * objects keyed by strings), which took three quarters of its encoding: 140 of 190 µs for an
 * 80-character payment link. The choice here is the exact minimum of bits, found in one pass
 * over the characters, and node-qrcode encodes the chain it is given; node-qrcode's own chain is
 * never shorter (qr-segments.test.ts), so the symbol is never larger.
 */

type Mode = 'numeric' | 'alphanumeric' | 'byte';
const MODES: Mode[] = ['numeric', 'alphanumeric', 'byte'];
export type QrSegment = QRCode.QRCodeSegment;

/** Versions 1-9, 10-26 and 27-40 count characters in fields of these widths, per mode. */
const COUNT_BITS: Record<Mode, [number, number, number]> = {
  numeric: [10, 12, 14],
  alphanumeric: [9, 11, 13],
  byte: [8, 16, 16],
};
export type VersionGroup = 0 | 1 | 2;
export const versionGroup = (version: number): VersionGroup =>
  version < 10 ? 0 : version < 27 ? 1 : 2;

const ALPHANUMERIC = new Set('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:');

/** What a character costs in each mode, in sixths of a bit; Infinity where the mode lacks it. */
const costsOf = (char: string): [number, number, number] => {
  const isDigit = char >= '0' && char <= '9';
  const code = char.codePointAt(0)!;
  // UTF-8 lengths; a lone surrogate is written as U+FFFD, three bytes.
  const bytes = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  return [isDigit ? 20 : Infinity, ALPHANUMERIC.has(char) ? 33 : Infinity, 48 * bytes];
};

/**
 * The chain of fewest bits for symbols of the version group. Costs are kept in sixths of a bit,
 * so each mode's characters cost a whole number; a segment's bits are its sixths rounded up,
 * which is exact (a lone digit takes 4 bits, two 7, three 10; a lone alphanumeric 6, two 11).
 * For each mode, `cost` is the cheapest encoding of the characters so far whose last segment is
 * in that mode: a cheaper one is never worse later, so one per mode is enough.
 */
const qrSegments = (data: string, group: VersionGroup): QrSegment[] => {
  const chars = Array.from(data);
  const header = MODES.map((mode) => (4 + COUNT_BITS[mode][group]) * 6);
  const whole = (sixths: number) => Math.ceil(sixths / 6) * 6;
  // For each character and mode, the mode of the character before it on the cheapest chain.
  const before = new Uint8Array(chars.length * 3);
  let cost = [0, 0, 0];
  for (let at = 0; at < chars.length; at++) {
    const charCost = costsOf(chars[at]!);
    const next = [Infinity, Infinity, Infinity];
    for (let mode = 0; mode < 3; mode++) {
      if (charCost[mode] === Infinity) continue;
      let best = at === 0 ? header[mode]! : cost[mode]!;
      let from = mode;
      for (let other = 0; at > 0 && other < 3; other++) {
        const switched = whole(cost[other]!) + header[mode]!;
        if (other !== mode && switched < best) [best, from] = [switched, other];
      }
      next[mode] = best + charCost[mode]!;
      before[at * 3 + mode] = from;
    }
    cost = next;
  }
  let mode = cost.indexOf(Math.min(...cost));
  const segments: QrSegment[] = [];
  let end = chars.length;
  for (let at = chars.length - 1; at >= 0; at--) {
    const previous = before[at * 3 + mode]!;
    if (at === 0 || previous !== mode) {
      segments.push({ data: chars.slice(at, end).join(''), mode: MODES[mode]! } as QrSegment);
      end = at;
      mode = previous;
    }
  }
  return segments.reverse();
};

/**
 * node-qrcode's symbol for the data, from the chain of fewest bits. Count fields widen with the
 * version, which can change the best chain: when the chain for small versions needs a larger
 * one (or fits none), the chain for the larger versions is tried. An empty value goes to
 * node-qrcode as it is, for its own error.
 */
export const createQr = (lib: typeof QRCode, data: string, options: QRCode.QRCodeOptions) => {
  if (data === '') return lib.create(data, options);
  for (const group of [0, 1] as const) {
    try {
      const symbol = lib.create(qrSegments(data, group), options);
      if (versionGroup(symbol.version) <= group) return symbol;
    } catch {
      // Too much data for this chain: the next group's chain may still fit.
    }
  }
  return lib.create(qrSegments(data, 2), options);
};
