/**
 * Which games a resource may run on, as FXServer decides it at start (citizen-server-impl's resource start check),
 * and the project's own fxmanifest.lua on FiveM (gta5) and RedM (rdr3).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type FxGame, gameProblems, parseManifest, RDR3_WARNING } from '../../devkit/fxserver/manifest';
import { createFxServer } from '../../devkit/fxserver/server';
import { tempDir } from '../../devkit/fxserver/test-helpers';

const WARNING = `rdr3_warning '${RDR3_WARNING}'`;
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** Starts a one-line resource with this manifest head on a server running `game`; its console and whether it ran. */
function start(head: string, game: FxGame) {
  const root = tempDir();
  const dir = path.join(root, 'res');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'fxmanifest.lua'), `${head}\nserver_script 'server.js'\n`);
  fs.writeFileSync(path.join(dir, 'server.js'), `console.log('ran');`);
  const lines: string[] = [];
  const server = createFxServer({ dataDir: path.join(root, 'data'), game, console: (l) => lines.push(l) });
  server.addResourceFolder('res', dir);
  const started = server.start('res');
  return { started, lines };
}

describe('the games a manifest declares, as FXServer checks them at start', () => {
  it.each([
    ["fx_version 'cerulean'\ngame 'gta5'", 'gta5', []],
    [
      "fx_version 'cerulean'\ngame 'gta5'",
      'rdr3',
      ['Resource res does not support the current game (rdr3).'],
    ],
    ["fx_version 'cerulean'\ngame 'common'", 'gta5', []],
    ["fx_version 'cerulean'\ngame 'common'", 'rdr3', []],
    ["fx_version 'cerulean'\ngames { 'gta5', 'rdr3' }", 'gta5', []],
    [`fx_version 'cerulean'\ngames { 'gta5', 'rdr3' }\n${WARNING}`, 'rdr3', []],
    [
      "fx_version 'cerulean'\ngames { 'gta5', 'rdr3' }",
      'rdr3',
      [
        `Resource res does not contain the RedM pre-release warning in fxmanifest.lua.\nPlease add rdr3_warning '${RDR3_WARNING}' to fxmanifest.lua in this resource.`,
      ],
    ],
    [
      `fx_version 'cerulean'\ngames { 'gta5', 'rdr3' }\nrdr3_warning 'I acknowledge it'`,
      'rdr3',
      [
        `Resource res does not contain the RedM pre-release warning in fxmanifest.lua.\nPlease add rdr3_warning '${RDR3_WARNING}' to fxmanifest.lua in this resource.`,
      ],
    ],
    [
      "fx_version 'cerulean'\ngames { 'common', 'gta5' }",
      'gta5',
      ['Resource res specifies both `common` and a specific game. This is considered ill-formed.'],
    ],
    ["game 'gta5'", 'gta5', ['Resource res does not specify an `fx_version` in fxmanifest.lua.']],
  ] as const)('%j on %s: refused with %j', (head, game, expected) => {
    const { started, lines } = start(head, game);
    expect(started).toBe(expected.length === 0);
    for (const line of expected.flatMap((l) => l.split('\n')))
      expect(
        lines.some((l) => l.includes(line)),
        line,
      ).toBe(true);
    if (expected.length > 0) expect(lines.some((l) => l.includes("Couldn't start resource res."))).toBe(true);
    else expect(lines.some((l) => l.includes('ran'))).toBe(true);
  });

  it.each(['gta5', 'rdr3'] as const)("vote-reward's own fxmanifest.lua starts on %s", (game) => {
    const manifest = parseManifest(fs.readFileSync(path.join(ROOT, 'fxmanifest.lua'), 'utf8'));
    expect(gameProblems('vote-reward', manifest, game)).toEqual([]);
    expect(manifest.metadata.get('game')).toEqual(['gta5', 'rdr3']);
    // Not server_only: the panel's client files ship (test/e2e/panel.test.ts checks they hold nothing of the server).
    expect(manifest.serverOnly).toBe(false);
    expect(manifest.metadata.get('file')).not.toContain('config.json');
  });
});
