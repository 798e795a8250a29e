/** FXServer-style access control: principals inherit from parents, ACEs allow or deny objects. */
export interface AceStore {
  /** add_ace principal object allow|deny */
  addAce(principal: string, object: string, allow: boolean): void;
  /** remove_ace principal object allow|deny */
  removeAce(principal: string, object: string, allow: boolean): void;
  /** add_principal child parent */
  addPrincipal(child: string, parent: string): void;
  /** remove_principal child parent */
  removePrincipal(child: string, parent: string): void;
  /** Whether any of the principals (and their parents, and builtin.everyone) may use object. */
  allowed(principals: string[], object: string): boolean;
}

/** Creates an empty ACE store (system.console is always allowed). */
export function createAceStore(): AceStore {
  const aces = new Map<string, Map<string, boolean>>();
  const parents = new Map<string, Set<string>>();

  const expand = (start: string[]): Set<string> => {
    const seen = new Set<string>();
    const queue = [...start, 'builtin.everyone'];
    while (queue.length > 0) {
      const p = queue.shift() as string;
      if (seen.has(p)) continue;
      seen.add(p);
      for (const parent of parents.get(p) ?? []) queue.push(parent);
    }
    return seen;
  };

  return {
    addAce(principal, object, allow) {
      const m = aces.get(principal) ?? new Map<string, boolean>();
      m.set(object, allow);
      aces.set(principal, m);
    },
    removeAce(principal, object, allow) {
      const m = aces.get(principal);
      if (m?.get(object) === allow) m.delete(object);
    },
    addPrincipal(child, parent) {
      const s = parents.get(child) ?? new Set<string>();
      s.add(parent);
      parents.set(child, s);
    },
    removePrincipal(child, parent) {
      parents.get(child)?.delete(parent);
    },
    allowed(principals, object) {
      if (principals.includes('system.console')) return true;
      const all = expand(principals);
      const parts = object.split('.');
      for (let len = parts.length; len >= 1; len--) {
        const candidate = parts.slice(0, len).join('.');
        let allow = false;
        for (const p of all) {
          const v = aces.get(p)?.get(candidate);
          if (v === false) return false;
          if (v === true) allow = true;
        }
        if (allow) return true;
      }
      return false;
    },
  };
}
