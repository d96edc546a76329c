/**
 * Seeded random mutations of files, for fuzzing the upload paths: the same seed and case number
 * always give the same bytes, so a failure is replayed with FUZZ_SEED and FUZZ_CASE.
 */

/** mulberry32: a small, fast, seedable PRNG (not for secrets). */
export const seededRandom = (seed: number) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)] as T };
};

export type Random = ReturnType<typeof seededRandom>;

/** Numbers that break parsers: sizes, counts and offsets at the edges. */
const INTERESTING = ['0', '-1', '1', '65535', '2147483647', '2147483648', '9999999999', '1e308'];
/** Tokens that matter to a PDF reader, spliced in where they do not belong. */
const PDF_TOKENS = [
  'obj',
  'endobj',
  'stream',
  'endstream',
  'xref',
  'trailer',
  'startxref',
  '<<',
  '>>',
  '/Filter /FlateDecode',
  '/Length',
  '/Count',
  '/Kids [',
  'R',
  '%%EOF',
];

const splice = (data: Uint8Array, at: number, remove: number, insert: Uint8Array) => {
  const out = new Uint8Array(data.length - remove + insert.length);
  out.set(data.subarray(0, at));
  out.set(insert, at);
  out.set(data.subarray(at + remove), at + insert.length);
  return out;
};

type Mutation = (data: Uint8Array, random: Random, other: Uint8Array) => Uint8Array;

const MUTATIONS: Record<string, Mutation> = {
  flipBits: (data, random) => {
    const out = data.slice();
    for (let i = 0, n = 1 + random.int(16); i < n && out.length > 0; i += 1) {
      const at = random.int(out.length);
      out[at] = (out[at] ?? 0) ^ (1 << random.int(8));
    }
    return out;
  },
  randomBytes: (data, random) => {
    const out = data.slice();
    const at = random.int(Math.max(1, out.length));
    for (let i = at, end = at + 1 + random.int(64); i < end && i < out.length; i += 1) {
      out[i] = random.int(256);
    }
    return out;
  },
  truncate: (data, random) => data.slice(0, random.int(data.length + 1)),
  dropChunk: (data, random) => {
    const at = random.int(Math.max(1, data.length));
    return splice(data, at, Math.min(data.length - at, 1 + random.int(4096)), new Uint8Array());
  },
  duplicateChunk: (data, random) => {
    const at = random.int(Math.max(1, data.length));
    const chunk = data.slice(at, at + 1 + random.int(4096));
    return splice(data, random.int(data.length + 1), 0, chunk);
  },
  /** Rewrites one number of the file's text (lengths, counts, offsets, sizes). */
  changeNumber: (data, random) => {
    const text = Buffer.from(data).toString('latin1');
    const numbers = [...text.matchAll(/\d+/g)];
    if (numbers.length === 0) return MUTATIONS.flipBits?.(data, random, data) ?? data;
    const target = random.pick(numbers);
    const value = Buffer.from(random.pick(INTERESTING), 'latin1');
    return splice(data, target.index, target[0].length, value);
  },
  insertToken: (data, random) =>
    splice(data, random.int(data.length + 1), 0, Buffer.from(` ${random.pick(PDF_TOKENS)} `)),
  /** The start of one file with the end of another (a PDF's body after an image's header...). */
  crossOver: (data, random, other) => {
    const head = data.slice(0, random.int(data.length + 1));
    const tail = other.slice(random.int(other.length + 1));
    const out = new Uint8Array(head.length + tail.length);
    out.set(head);
    out.set(tail, head.length);
    return out;
  },
};

const MUTATION_NAMES = Object.keys(MUTATIONS);

/** Applies 1 to 3 random mutations; returns the bytes and what was done, for the report. */
export const mutate = (data: Uint8Array, random: Random, other: Uint8Array) => {
  let out = data;
  const applied: string[] = [];
  for (let i = 0, n = 1 + random.int(3); i < n; i += 1) {
    const name = random.pick(MUTATION_NAMES);
    out = (MUTATIONS[name] as Mutation)(out, random, other);
    applied.push(name);
  }
  return { data: out, applied };
};
