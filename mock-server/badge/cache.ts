/** One cached render. */
export interface CachedBadge {
  /** PNG bytes. */
  png: Buffer;
  /** Strong ETag (quoted), computed once when the PNG was rendered. */
  etag: string;
  /** Clock time (ms) of the render. */
  renderedAt: number;
}

/** Limits and clock of a badge cache. */
export interface BadgeCacheOptions {
  /** Current time in ms; injected so tests move a fake clock. */
  now: () => number;
  /** How long a render stays fresh, in ms. */
  ttlMs: number;
  /** Most entries kept; the least recently used go first. */
  maxEntries: number;
  /** Most PNG bytes kept in total; the least recently used go first. */
  maxBytes: number;
}

/** A bounded LRU of rendered badges with a time-to-live on the injected clock. */
export interface BadgeCache {
  /** The fresh entry for `key`, marked most recently used; expired entries are dropped and miss. */
  get(key: string): CachedBadge | undefined;
  /** Stores an entry, evicting the least recently used until both limits hold. */
  set(key: string, entry: CachedBadge): void;
  /** Drops every entry whose key starts with `prefix` (e.g. one server's badges). */
  deleteByPrefix(prefix: string): void;
  /** Number of entries held. */
  readonly size: number;
  /** Total PNG bytes held. */
  readonly bytes: number;
}

/** Creates an empty cache; throws when a limit is not a positive number. */
export function createBadgeCache(options: BadgeCacheOptions): BadgeCache {
  for (const field of ['ttlMs', 'maxEntries', 'maxBytes'] as const) {
    const value = options[field];
    if (!Number.isFinite(value) || value <= 0) {
      throw new RangeError(`badge cache option ${field} must be a positive number, got ${String(value)}`);
    }
  }
  const entries = new Map<string, CachedBadge>();
  let bytes = 0;

  const remove = (key: string): void => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.png.length;
  };

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (options.now() - entry.renderedAt >= options.ttlMs) {
        remove(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    set(key, entry) {
      remove(key);
      if (entry.png.length > options.maxBytes) return;
      entries.set(key, entry);
      bytes += entry.png.length;
      for (const oldest of entries.keys()) {
        if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break;
        remove(oldest);
      }
    },
    deleteByPrefix(prefix) {
      for (const key of [...entries.keys()]) if (key.startsWith(prefix)) remove(key);
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
