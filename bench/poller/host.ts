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
  /** What `votereward status` prints (it sends one `/server/info`). */
  status(): Promise<string[]>;
  /** Stops the resource. */
  close(): Promise<void>;
}

/** How a host starts the resource. */
export interface PollerHostOptions {
  /** Virtual start time (epoch ms). */
  start: number;
  apiUrl: string;
  apiKey: string;
  /** KVP entries present before the resource starts (the poller's record of past claims). */
  kvp?: Record<string, string>;
  /** Overrides of config.json's `poll` section. */
  poll?: Record<string, unknown>;
}
