/**
 * Prepared templates kept per process (each server worker thread has its own), least recently
 * used first out, bounded by bytes rather than by count: one 24-page form weighs as much as a
 * hundred one-page ones. Templates are recognised by content, so callers need no key: a cheap
 * fingerprint finds the candidate and a full byte comparison (memcmp, 0.1-0.5 ms for 2 MB)
 * makes sure a changed template is never filled from a stale analysis. A caller that names its
 * template versions (FillOptions.templateKey) skips the comparison; the key is combined with
 * the fingerprint, so even a key reused by mistake for other bytes of another length or
 * sampled content misses instead of filling the wrong template.
 */
import { preparedSize, prepareTemplate, type PreparedTemplate } from './prepared-template.ts';

interface Entry {
  source: Buffer;
  prepared: Promise<PreparedTemplate>;
  size: number;
}

/** What the cache holds, for benchmarks and monitoring. */
export interface FillCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
}

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const entries = new Map<string, Entry>();
let maxBytes = DEFAULT_MAX_BYTES;
let hits = 0;
let misses = 0;

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);

/**
 * FNV-1a over the tail (where edits land: xref, trailer) and samples spread over the file. It
 * only picks the candidate; the full comparison decides.
 */
export const fingerprint = (bytes: Uint8Array): string => {
  let hash = 0x811c9dc5;
  const mix = (from: number, to: number) => {
    for (let i = Math.max(0, from); i < Math.min(bytes.length, to); i++) {
      hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
    }
  };
  mix(bytes.length - 256, bytes.length);
  const step = Math.floor(bytes.length / 32);
  for (let k = 0; step > 16 && k < 32; k++) mix(k * step, k * step + 16);
  return `${bytes.length}:${(hash >>> 0).toString(36)}`;
};

const totalBytes = () => {
  let sum = 0;
  for (const entry of entries.values()) sum += entry.size;
  return sum;
};

const evict = () => {
  let total = totalBytes();
  for (const [key, entry] of entries) {
    if (total <= maxBytes) break;
    entries.delete(key);
    total -= entry.size;
  }
};

const touch = (key: string, entry: Entry) => {
  entries.delete(key);
  entries.set(key, entry);
};

/** Settles an entry's real size once prepared, and again as its shared fonts and images grow. */
const measure = (entry: Entry, prepared: PreparedTemplate) => {
  const extra = prepared.isRewritten ? entry.source.length : 0;
  entry.size = preparedSize(prepared) + extra;
  evict();
};

/**
 * The prepared form of a template, from the cache or prepared now. Throws the refusals of
 * loading (NOT_A_PDF, ENCRYPTED, TOO_MANY_PAGES, DAMAGED); refusals are not cached.
 */
export const preparedTemplate = async (
  template: Uint8Array,
  templateKey?: string,
): Promise<PreparedTemplate> => {
  const print = fingerprint(template);
  const key = templateKey === undefined ? print : `key:${templateKey}:${print}`;
  const known = entries.get(key);
  if (known && (templateKey !== undefined || known.source.equals(asBuffer(template)))) {
    hits++;
    touch(key, known);
    const prepared = await known.prepared;
    measure(known, prepared);
    return prepared;
  }
  misses++;
  const source = Buffer.from(new Uint8Array(template)); // own memory, never the shared pool
  const own = new Uint8Array(source.buffer, source.byteOffset, source.length);
  const entry: Entry = { source, prepared: prepareTemplate(own), size: source.length * 3 };
  entries.set(key, entry);
  try {
    const prepared = await entry.prepared;
    measure(entry, prepared);
    return prepared;
  } catch (error) {
    if (entries.get(key) === entry) entries.delete(key);
    throw error;
  }
};

/**
 * Sets the cache's budget in bytes (default 64 MB per process); 0 turns caching off.
 *
 * @example
 * configureFillCache({ maxBytes: 256 * 1024 * 1024 });
 */
export const configureFillCache = (options: { maxBytes: number }) => {
  maxBytes = Math.max(0, options.maxBytes);
  evict();
};

/** Entries, bytes held and hit counts since start. */
export const fillCacheStats = (): FillCacheStats => ({
  entries: entries.size,
  bytes: totalBytes(),
  maxBytes,
  hits,
  misses,
});

/** Forgets every prepared template. */
export const clearFillCache = () => {
  entries.clear();
  hits = 0;
  misses = 0;
};
