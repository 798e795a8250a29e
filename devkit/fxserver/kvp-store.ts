import fs from 'node:fs';
import path from 'node:path';

/** A stored KVP value keeps the type it was written with, like FXServer's typed KVP natives. */
export type KvpValue = { t: 's'; v: string } | { t: 'i'; v: number } | { t: 'f'; v: number };

/** One resource's key-value store: reads see every write, only synced or flushed writes survive a kill. */
export interface ResourceKvp {
  /** Reads a value (null when absent). */
  get(key: string): KvpValue | null;
  /** Writes a value; `sync` persists it now, otherwise it waits for flush(). */
  set(key: string, value: KvpValue, sync: boolean): void;
  /** Deletes a key; `sync` persists now. */
  delete(key: string, sync: boolean): void;
  /** Persists every pending NoSync write. */
  flush(): void;
  /** Keys starting with prefix, in byte order (LevelDB iteration order). */
  keys(prefix: string): string[];
}

/** Creates the on-disk KVP store of one resource under `<dataDir>/kvp/<resource>.json`. */
export function createResourceKvp(dataDir: string, resource: string): ResourceKvp {
  const file = path.join(dataDir, 'kvp', `${encodeURIComponent(resource)}.json`);
  const readDisk = (): Map<string, KvpValue> => {
    if (!fs.existsSync(file)) return new Map();
    return new Map(Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, KvpValue>));
  };
  const disk = readDisk();
  const memory = new Map(disk);
  const pending = new Map<string, KvpValue | null>();

  const persist = (): void => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(Object.fromEntries(disk)));
    fs.renameSync(tmp, file);
  };
  const applyDisk = (key: string, value: KvpValue | null): void => {
    if (value === null) disk.delete(key);
    else disk.set(key, value);
  };

  return {
    get: (key) => memory.get(key) ?? null,
    set(key, value, sync) {
      memory.set(key, value);
      if (sync) {
        pending.delete(key);
        applyDisk(key, value);
        persist();
      } else pending.set(key, value);
    },
    delete(key, sync) {
      memory.delete(key);
      if (sync) {
        pending.delete(key);
        applyDisk(key, null);
        persist();
      } else pending.set(key, null);
    },
    flush() {
      if (pending.size === 0) return;
      for (const [k, v] of pending) applyDisk(k, v);
      pending.clear();
      persist();
    },
    keys: (prefix) =>
      [...memory.keys()]
        .filter((k) => k.startsWith(prefix))
        .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))),
  };
}
