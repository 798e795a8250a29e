import type { KvpStore } from '../runtime/runtime';
import { NAME_LOCK_PREFIX } from '../store/keys';
import { nameKey } from './player-name';

/** KVP prefix of name → license bindings. */
export { NAME_LOCK_PREFIX };

/** Binds an in-game name to the first license that claimed with it, so nobody else can claim its votes. */
export interface NameLock {
  /** The license bound to `name`, or null. */
  holder(name: string): string | null;
  /** True when `license` may claim with `name` (unbound, or bound to it). */
  allows(name: string, license: string): boolean;
  /** Binds `name` to `license` unless it is already bound. */
  bind(name: string, license: string): void;
  /** Removes the binding; false when there was none. */
  unbind(name: string): boolean;
  /** Number of bound names. */
  count(): number;
}

/** Creates the name lock over the resource KVP. */
export function createNameLock(kvp: KvpStore): NameLock {
  const keyOf = (name: string) => `${NAME_LOCK_PREFIX}${encodeURIComponent(nameKey(name))}`;
  const holder = (name: string) => kvp.get(keyOf(name));
  return {
    holder,
    allows(name, license) {
      const bound = holder(name);
      return bound === null || bound === license;
    },
    bind(name, license) {
      if (holder(name) === null) kvp.set(keyOf(name), license);
    },
    unbind(name) {
      if (holder(name) === null) return false;
      kvp.delete(keyOf(name));
      return true;
    },
    count: () => kvp.keys(NAME_LOCK_PREFIX).length,
  };
}
