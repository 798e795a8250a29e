/** A FiveM server running the resource, as the poller benchmark drives it. */
export interface PollerHost {
  /** What runs the resource: the simulated FXServer with the built bundle, or the detector in process. */
  readonly kind: 'fxserver' | 'in-process';
  /** The simulation's clock (epoch ms), shared with the mock. */
  now(): number;
  /** A player connects with this server id and name. */
  join(id: number, name: string): void;
  /** The player types `/vote` (the claim flow runs: a claim, or the vote link when there is no vote). */
  typeVote(id: number): Promise<void>;
  /** Moves virtual time forward, running the resource's timers. */
  advance(ms: number): Promise<void>;
  /** Chat lines sent to these players (ids as given to `join`) since the previous call. */
  messagesFor(ids: readonly number[]): { source: number; message: string }[];
  /** The resource's poll status (what `votereward status` prints), when the host can read it. */
  status(): unknown;
  /** Stops the resource. */
  close(): Promise<void>;
}
