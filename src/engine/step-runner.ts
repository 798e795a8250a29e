/**
 * The one step runner of the money paths whose records live beside the journal (purchases; the claim driver runs
 * journal entries the same way): a pure machine answers, for a record and what just happened, the record to write and
 * the one effect to perform next; the runner writes the record (when it changed) before it performs the effect, then
 * feeds what the effect came to back into the machine, until an effect stops. A kill at any write resumes from the
 * last record written (the machine's `resumed` event), never redoing an effect whose record says it was done.
 */

/** What a machine answers for one event. */
export interface MachineStep<R, F> {
  /**
   * The record as it stands after the event: written when it is not the record the event was applied to; null removes
   * it (the run then ends).
   */
  record: R | null;
  /** The one effect to perform next. */
  effect: F;
}

/** A money path's machine and the effects it may ask for. */
export interface StepMachine<R, E, F> {
  /** Pure: no clock, no store, no I/O. */
  transition(record: R, event: E): MachineStep<R, F>;
  /** Writes a record, or removes `previous` when `record` is null (the only place a record of this path is written). */
  write(record: R | null, previous: R): R | null;
  /**
   * Performs an effect; answers the event it led to, or null when the run stops here. A synchronous effect answers at
   * once, so a run whose effects are all synchronous (a recovery at start) ends before the caller goes on.
   */
  perform(effect: F, record: R): E | null | Promise<E | null>;
}

/**
 * Runs `event` on `record` until an effect stops the run; answers the last record written or read (null: removed), at
 * once when every effect of the run was synchronous, else as a promise.
 */
export function runSteps<R, E, F>(
  machine: StepMachine<R, E, F>,
  record: R,
  event: E,
): R | null | Promise<R | null> {
  let current = record;
  let next: E | null = event;
  while (next !== null) {
    const step = machine.transition(current, next);
    if (step.record !== current) {
      const written = machine.write(step.record, current);
      if (written === null) return null;
      current = written;
    }
    const result = machine.perform(step.effect, current);
    if (result instanceof Promise) {
      const at = current;
      return result.then((answer) => (answer === null ? at : runSteps(machine, at, answer)));
    }
    next = result;
  }
  return current;
}
