/** Error thrown by the store for a reference to something that does not exist. */
export class StoreError extends Error {
  /** snake_case code, e.g. `server_not_found`. */
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'StoreError';
    this.code = code;
  }
}

/** Options of `createStore` and of each of its parts. */
export interface StoreOptions {
  /** Clock in ms since the epoch; every time-dependent query reads it. */
  now: () => number;
}

/** Throws `server_not_found` unless the server exists; shared by the keys and votes parts. */
export type RequireServer = (id: number) => void;

/** Builds the existence check of a server from a lookup. */
export function createRequireServer(exists: (id: number) => boolean): RequireServer {
  return (id) => {
    if (!exists(id)) throw new StoreError('server_not_found', `server ${id} does not exist`);
  };
}
