/**
 * The `network` project's global setup: one real MariaDB (Debian's mariadb-server) for the whole run, on a free
 * loopback port with its data in a temp folder, stopped and removed at the end. No MariaDB installed is a failure
 * with the install line, never a skip: CI installs it (`.ci/run`).
 */
import type { TestProject } from 'vitest/node';
import { startMariaDb } from '../../devkit/network/mariadb';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The loopback port of the run's MariaDB (user root, no password). */
    mariadbPort: number;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const db = await startMariaDb();
  project.provide('mariadbPort', db.port);
  return () => db.destroy();
}
