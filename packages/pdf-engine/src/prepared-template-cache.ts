/**
 * Prepared templates kept by one fill engine (the server's main thread and each worker thread
 * own one; tests make their own), least recently used first out, bounded by bytes rather than by count: one 24-page form weighs as much as a
 * hundred one-page ones. Templates are recognised by content, so callers need no key: a cheap
 * fingerprint finds the candidate and a full byte comparison (memcmp, 0.1-0.5 ms for 2 MB)
 * makes sure a changed template is never filled from a stale analysis. A caller that names its
 * template versions (FillOptions.templateKey) skips the comparison; the key is combined with
 * the fingerprint, so even a key reused by mistake for other bytes of another length or
 * sampled content misses instead of filling the wrong template.
 */
import {
  fromData,
  preparedSize,
  toData,
  prepareTemplate,
  type PreparedTemplate,
  type PreparedTemplateData,
} from './prepared-template.ts';

interface Entry {
  source: Buffer;
  prepared: Promise<PreparedTemplate>;
  /** Set once `prepared` has settled, for callers that must not wait for a parse. */
  ready?: PreparedTemplate;
  size: number;
  /** The shared objects' size when `size` was last settled: it only changes when they grow. */
  sharedBytes?: number;
}

/** What the cache holds, for benchmarks and monitoring. */
export interface FillCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);

/**
 * FNV-1a steps over bytes [from, to), clamped to the array, four bytes per step: a step per
 * byte made the fingerprint 4 % of a one-page document's time.
 */
const mix = (hash: number, bytes: Uint8Array, from: number, to: number) => {
  const end = Math.min(bytes.length, to);
  let i = Math.max(0, from);
  for (; i + 4 <= end; i += 4) {
    const word = bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24);
    hash = Math.imul(hash ^ word, 0x01000193);
  }
  for (; i < end; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
  return hash;
};

/**
 * FNV-1a over the tail (where edits land: xref, trailer) and samples spread over the file. It
 * only picks the candidate; the full comparison decides.
 */
const fingerprint = (bytes: Uint8Array): string => {
  let hash = 0x811c9dc5;
  hash = mix(hash, bytes, bytes.length - 256, bytes.length);
  const step = Math.floor(bytes.length / 32);
  for (let k = 0; step > 16 && k < 32; k++) hash = mix(hash, bytes, k * step, k * step + 16);
  return `${bytes.length}:${(hash >>> 0).toString(36)}`;
};

/** The default budget: 64 MB of prepared templates per engine. */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

const cacheKey = (template: Uint8Array, templateKey: string | undefined) => {
  const print = fingerprint(template);
  return templateKey === undefined ? print : `key:${templateKey}:${print}`;
};

export class PreparedTemplateCache {
  private readonly entries = new Map<string, Entry>();
  /** The sum of the entries' sizes, kept as they change so that a hit never walks the cache. */
  private totalBytes = 0;
  private hits = 0;
  private misses = 0;

  private readonly maxBytes: number;

  /** `maxBytes`: the budget; 0 turns caching off. */
  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  private remove(key: string) {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.totalBytes -= old.size;
  }

  private put(key: string, entry: Entry) {
    this.remove(key);
    this.entries.set(key, entry);
    this.totalBytes += entry.size;
  }

  private evict() {
    for (const key of this.entries.keys()) {
      if (this.totalBytes <= this.maxBytes) break;
      this.remove(key);
    }
  }

  private touch(key: string, entry: Entry) {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  /** Settles an entry's real size once prepared, and again as its shared fonts and images grow. */
  private measure(key: string, entry: Entry, prepared: PreparedTemplate) {
    entry.ready = prepared;
    const sharedBytes = prepared.resources.sizeInBytes();
    if (entry.sharedBytes === sharedBytes) return; // most documents add nothing shared
    entry.sharedBytes = sharedBytes;
    const extra = prepared.isRewritten ? entry.source.length : 0;
    const size = preparedSize(prepared) + extra;
    if (this.entries.get(key) === entry) this.totalBytes += size - entry.size;
    entry.size = size;
    this.evict();
  }

  /**
   * The prepared template when this engine holds it ready, confirmed by a full byte comparison
   * unless the caller keyed it; never parses and never waits. Counts a hit when found.
   */
  ready(template: Uint8Array, templateKey: string | undefined): PreparedTemplate | undefined {
    const key = cacheKey(template, templateKey);
    const known = this.entries.get(key);
    if (!known?.ready) return undefined;
    if (templateKey === undefined && !known.source.equals(asBuffer(template))) return undefined;
    this.hits++;
    this.touch(key, known);
    this.measure(key, known, known.ready);
    return known.ready;
  }

  /** The plain data of a template this engine holds under `templateKey`, for another thread. */
  data(template: Uint8Array, templateKey: string): PreparedTemplateData | undefined {
    const ready = this.entries.get(cacheKey(template, templateKey))?.ready;
    return ready && toData(ready);
  }

  /** Keeps a template another thread prepared, under the caller's key, as if prepared here. */
  adopt(template: Uint8Array, templateKey: string, data: PreparedTemplateData) {
    const key = cacheKey(template, templateKey);
    if (this.entries.get(key)?.ready) return;
    const prepared = fromData(data);
    // Keyed entries are never compared byte by byte, so the upload itself need not be kept.
    const entry: Entry = { source: Buffer.alloc(0), prepared: Promise.resolve(prepared), size: 0 };
    this.put(key, entry);
    this.measure(key, entry, prepared);
  }

  /**
   * The prepared form of a template, from the cache or prepared now. Throws the refusals of
   * loading (NOT_A_PDF, ENCRYPTED, TOO_MANY_PAGES, DAMAGED); refusals are not cached. Callers
   * try {@link ready} first: this one always costs a wait.
   */
  async prepared(template: Uint8Array, templateKey?: string): Promise<PreparedTemplate> {
    const key = cacheKey(template, templateKey);
    const known = this.entries.get(key);
    if (known && (templateKey !== undefined || known.source.equals(asBuffer(template)))) {
      this.hits++;
      this.touch(key, known);
      const prepared = await known.prepared;
      this.measure(key, known, prepared);
      return prepared;
    }
    this.misses++;
    const source = Buffer.from(new Uint8Array(template)); // own memory, never the shared pool
    const own = new Uint8Array(source.buffer, source.byteOffset, source.length);
    const entry: Entry = { source, prepared: prepareTemplate(own), size: source.length * 3 };
    this.put(key, entry);
    try {
      const prepared = await entry.prepared;
      this.measure(key, entry, prepared);
      return prepared;
    } catch (error) {
      if (this.entries.get(key) === entry) this.remove(key);
      throw error;
    }
  }

  /** Entries, bytes held and hit counts since the engine was made. */
  stats(): FillCacheStats {
    return {
      entries: this.entries.size,
      bytes: this.totalBytes,
      maxBytes: this.maxBytes,
      hits: this.hits,
      misses: this.misses,
    };
  }
}
