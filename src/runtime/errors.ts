/**
 * The text of anything thrown, without assuming it is an `Error` (a Lua error arrives as a string). `withName`
 * prefixes an Error's class name (`NetworkError: ...`), for lines where the kind of failure matters.
 */
export function describeError(error: unknown, options: { withName?: boolean } = {}): string {
  if (error instanceof Error) return options.withName ? `${error.name}: ${error.message}` : error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
