/** Which time source the simulated server follows. */
export type ClockMode = 'real' | 'virtual';

/** A pending callback on the simulator clock. */
interface Scheduled {
  at: number;
  fn: () => void;
  cancelled: boolean;
}

/** The simulator's clock: wall time (epoch ms) and the game timer, real or virtual. */
export interface SimClock {
  /** 'real' follows Date.now(); 'virtual' only moves when the simulator advances it. */
  readonly mode: ClockMode;
  /** Current epoch milliseconds. */
  now(): number;
  /** Milliseconds since the server started (GetGameTimer / Citizen.getTickCount). */
  gameTimer(): number;
  /**
   * The machine's wall clock as resources read it (`Date`): {@link now} plus the offset set with
   * {@link setWallOffset}. Timers and the game timer do not follow it, as on a real server whose system clock is
   * changed (Node's timers run on the monotonic clock).
   */
  wallNow(): number;
  /** Sets the machine's wall clock `ms` away from the simulator's time (0: right again). */
  setWallOffset(ms: number): void;
  /** Moves a virtual clock forward and runs due callbacks; a no-op for a real clock. */
  advance(ms: number): void;
  /** Runs `fn` once the clock reaches now + ms; returns a cancel function. */
  schedule(ms: number, fn: () => void): () => void;
  /** Cancels every pending callback (server kill/shutdown). */
  dispose(): void;
}

/** Creates a real or virtual clock; a virtual clock starts at `startTime` (epoch ms). */
export function createClock(mode: ClockMode, startTime: number = Date.now()): SimClock {
  if (!Number.isFinite(startTime))
    throw new TypeError(`startTime must be a finite epoch in ms, got ${startTime}`);
  let virtualNow = startTime;
  let wallOffset = 0;
  const origin = mode === 'virtual' ? startTime : Date.now();
  const pending: Scheduled[] = [];
  const realTimers = new Set<NodeJS.Timeout>();

  const now = (): number => (mode === 'virtual' ? virtualNow : Date.now());

  const runDue = (): void => {
    pending.sort((a, b) => a.at - b.at);
    while (pending.length > 0 && (pending[0] as Scheduled).at <= virtualNow) {
      const next = pending.shift() as Scheduled;
      if (!next.cancelled) next.fn();
    }
  };

  return {
    mode,
    now,
    gameTimer: () => now() - origin,
    wallNow: () => now() + wallOffset,
    setWallOffset(ms) {
      if (!Number.isFinite(ms)) throw new RangeError(`setWallOffset(ms) needs a finite ms, got ${ms}`);
      wallOffset = ms;
    },
    advance(ms) {
      if (mode !== 'virtual') return;
      if (!(ms >= 0)) throw new RangeError(`advance(ms) needs ms >= 0, got ${ms}`);
      virtualNow += ms;
      runDue();
    },
    schedule(ms, fn) {
      if (mode === 'real') {
        const t = setTimeout(() => {
          realTimers.delete(t);
          fn();
        }, ms);
        realTimers.add(t);
        return () => {
          clearTimeout(t);
          realTimers.delete(t);
        };
      }
      const entry: Scheduled = { at: virtualNow + ms, fn, cancelled: false };
      pending.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
    dispose() {
      for (const t of realTimers) clearTimeout(t);
      realTimers.clear();
      for (const p of pending) p.cancelled = true;
      pending.length = 0;
    },
  };
}
