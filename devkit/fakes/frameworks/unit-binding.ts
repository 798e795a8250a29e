/**
 * Binds a framework model (devkit/fakes/frameworks/models/) to the unit `FakeHost`: Lua multi-returns become what JS
 * receives (`toJs`), functions inside returned tables stay callable and are bound the same way, and a model restart
 * kills every function handed out before it (a dead function reference).
 */
import { toJs } from './models/lua';

type Fn = (...args: unknown[]) => unknown;

/**
 * Wraps a model function so its results reach JS as FiveM delivers them. A function reference inside an answer
 * (`nested`) that raises reaches JS as FiveM's generic "Error in nested ref call." while the Lua text goes to the
 * console (`scriptErrors`); an export's error is made generic by the host itself.
 */
export function bindFunction(
  fn: Fn,
  alive: () => boolean,
  resource: string,
  scriptErrors?: string[],
  nested = false,
): Fn {
  return (...args: unknown[]) => {
    if (!alive())
      throw new Error(
        `a function reference into ${resource} was called, but that instance is no longer running`,
      );
    let result: unknown;
    try {
      result = fn(...args);
    } catch (error) {
      if (!nested || !scriptErrors) throw error;
      scriptErrors.push(error instanceof Error ? error.message : String(error));
      throw new Error('Error in nested ref call.');
    }
    return bindValue(toJs(result), alive, resource, scriptErrors);
  };
}

/** Binds the functions inside a returned value. */
export function bindValue(
  value: unknown,
  alive: () => boolean,
  resource: string,
  scriptErrors?: string[],
): unknown {
  if (typeof value === 'function') return bindFunction(value as Fn, alive, resource, scriptErrors, true);
  if (Array.isArray(value)) return value.map((v) => bindValue(v, alive, resource, scriptErrors));
  if (value instanceof Promise) return value.then((v) => bindValue(v, alive, resource, scriptErrors));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, bindValue(v, alive, resource, scriptErrors)]),
    );
  }
  return value;
}

/** Binds every export of a model. */
export function bindExports(
  exports: Record<string, Fn>,
  alive: () => boolean,
  resource: string,
  scriptErrors?: string[],
): Record<string, Fn> {
  return Object.fromEntries(
    Object.entries(exports).map(([name, fn]) => [name, bindFunction(fn, alive, resource, scriptErrors)]),
  );
}
