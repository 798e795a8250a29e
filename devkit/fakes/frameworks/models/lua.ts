/**
 * What the framework models return, independent of the host that exposes them: a Lua error (the host decides what
 * the JS caller sees: FiveM shows it only the generic export error), several Lua return values, and the rule FiveM
 * applies when they reach JS (`{ f(...) }` packed: 0 values → undefined, 1 → the value, n → an array, trailing nils
 * dropped).
 */

/** A Lua `error(...)` raised inside a framework; `message` is the Lua text the server console prints. */
export class LuaError extends Error {
  override name = 'LuaError';
}

/** Several Lua return values. */
export interface LuaValues {
  /** Marker. */
  readonly luaValues: true;
  /** The values, in order (undefined = nil). */
  readonly values: unknown[];
}

/** Returns several Lua values. */
export function luaValues(...values: unknown[]): LuaValues {
  return { luaValues: true, values };
}

/** Whether a model result is several Lua values. */
export function isLuaValues(value: unknown): value is LuaValues {
  return value !== null && typeof value === 'object' && (value as { luaValues?: unknown }).luaValues === true;
}

/** The values of a model result as a Lua list (a single value is a list of one, nil an empty list). */
export function valuesOf(value: unknown): unknown[] {
  if (isLuaValues(value)) {
    const values = [...value.values];
    while (values.length > 0 && values[values.length - 1] === undefined) values.pop();
    return values;
  }
  return value === undefined ? [] : [value];
}

/** What a JS caller receives from a model result, as FiveM packs Lua returns. */
export function toJs(value: unknown): unknown {
  const values = valuesOf(value);
  if (values.length === 0) return undefined;
  if (values.length === 1) return values[0];
  return values;
}

/** ESX.Math.Round / ox's `math.floor(n + 0.5)`: Lua's rounding of a whole number. */
export function roundHalfUp(n: number): number {
  return Math.floor(n + 0.5);
}
