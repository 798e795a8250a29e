/** A registered resource realm; unregister when the resource stops. */
export interface RealmEntry {
  /** Stops routing this realm's rejections. */
  unregister(): void;
}

interface Realm {
  Promise: PromiseConstructor;
  Error: ErrorConstructor;
  report(reason: unknown): void;
}

const realms = new Set<Realm>();
let installed = false;
let forwardRejection: ((reason: unknown, promise: Promise<unknown>) => void)[] = [];
let forwardException: ((err: Error, origin: string) => void)[] = [];

// FXServer logs a resource's unhandled rejection as `SCRIPT ERROR in promise (unhandled rejection)` and keeps running.
// Node reports rejections process-wide, so rejections whose promise belongs to a resource context are routed to that
// resource's console here; anything else goes to the listeners that were installed before (e.g. the test runner's).
function install(): void {
  if (installed) return;
  installed = true;
  forwardRejection = process.listeners('unhandledRejection') as typeof forwardRejection;
  forwardException = process.listeners('uncaughtException') as typeof forwardException;
  process.removeAllListeners('unhandledRejection');
  process.removeAllListeners('uncaughtException');
  process.on('unhandledRejection', (reason, promise) => {
    for (const realm of realms) {
      if (promise instanceof realm.Promise) {
        realm.report(reason);
        return;
      }
    }
    if (forwardRejection.length === 0) throw reason;
    for (const fn of forwardRejection) fn(reason, promise);
  });
  process.on('uncaughtException', (err, origin) => {
    for (const realm of realms) {
      if (err instanceof realm.Error) {
        realm.report(err);
        return;
      }
    }
    if (forwardException.length === 0) throw err;
    for (const fn of forwardException) fn(err, origin);
  });
}

/** Routes unhandled rejections (and uncaught errors) of one resource realm to `report`. */
export function registerRealm(
  realm: { Promise: PromiseConstructor; Error: ErrorConstructor },
  report: (reason: unknown) => void,
): RealmEntry {
  install();
  const entry: Realm = { Promise: realm.Promise, Error: realm.Error, report };
  realms.add(entry);
  return { unregister: () => void realms.delete(entry) };
}
