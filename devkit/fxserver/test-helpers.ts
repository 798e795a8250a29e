import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFxServer, type FxServer, type FxServerOptions } from './server';

/** A fresh temporary folder. */
export function tempDir(prefix = 'fxsim-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Writes a one-script resource folder and returns its path. */
export function writeResource(
  root: string,
  name: string,
  script: string,
  manifestExtra = '',
  files: Record<string, string> = {},
): string {
  const dir = path.join(root, 'resources', name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'fxmanifest.lua'),
    `fx_version 'cerulean'\ngame 'gta5'\nserver_script 'server.js'\n${manifestExtra}\n`,
  );
  fs.writeFileSync(path.join(dir, 'server.js'), script);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** A simulator on a temp data dir plus a helper that adds and starts inline resources. */
export function simWithScripts(options: Partial<FxServerOptions> = {}): {
  server: FxServer;
  root: string;
  add(name: string, script: string, manifestExtra?: string, files?: Record<string, string>): void;
  output(resource: string): string[];
} {
  const root = tempDir();
  const server = createFxServer({ dataDir: path.join(root, 'data'), ...options });
  return {
    server,
    root,
    add(name, script, manifestExtra = '', files = {}) {
      server.addResourceFolder(name, writeResource(root, name, script, manifestExtra, files));
      server.start(name);
    },
    output: (resource) =>
      server.consoleLines
        .filter((l) => l.startsWith(`[script:${resource}] `))
        .map((l) => l.slice(`[script:${resource}] `.length)),
  };
}
