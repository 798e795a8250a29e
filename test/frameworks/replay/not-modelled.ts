/**
 * Transcript scenarios the fakes deliberately do not model, each with the reason. The replay skips exactly these and
 * fails when an entry names a scenario that no longer exists (or that now replays cleanly), so this list cannot go
 * stale. Keys are `<world>/<scenario>`.
 */
export const NOT_MODELLED: Record<string, string> = {};
