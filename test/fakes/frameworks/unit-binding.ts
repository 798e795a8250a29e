/**
 * Binds a framework model (test/fakes/frameworks/models/) to the unit `FakeHost`: Lua multi-returns become what JS
 * receives (`toJs`), functions inside returned tables stay callable and are bound the same way, and a model restart
 * kills every function handed out before it (a dead function reference).
 */
import { toJs } from './models/lua';

type Fn = (...args: unknown[]) => unknown;

/** Wraps a model function so its results reach JS as FiveM delivers them. */
export function bindFunction(fn: Fn, alive: () => boolean, resource: string): Fn {
  return (...args: unknown[]) => {
    if (!alive())
      throw new Error(
        `a function reference into ${resource} was called, but that instance is no longer running`,
      );
    return bindValue(toJs(fn(...args)), alive, resource);
  };
}

/** Binds the functions inside a returned value. */
export function bindValue(value: unknown, alive: () => boolean, resource: string): unknown {
  if (typeof value === 'function') return bindFunction(value as Fn, alive, resource);
  if (Array.isArray(value)) return value.map((v) => bindValue(v, alive, resource));
  if (value instanceof Promise) return value.then((v) => bindValue(v, alive, resource));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bindValue(v, alive, resource)]));
  }
  return value;
}

/** Binds every export of a model. */
export function bindExports(
  exports: Record<string, Fn>,
  alive: () => boolean,
  resource: string,
): Record<string, Fn> {
  return Object.fromEntries(
    Object.entries(exports).map(([name, fn]) => [name, bindFunction(fn, alive, resource)]),
  );
}
