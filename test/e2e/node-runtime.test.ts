import { afterEach, describe, expect, it } from 'vitest';
import { type RawHttpServer, startRawHttpServer } from '../../devkit/fakes/raw-http-server';
import { createE2e, type E2e, RESOURCE } from '../../devkit/worlds/e2e-harness';

// `npm test` runs this project twice: on the host's Node and on FXServer's (test/node22.mjs, VR_EXPECT_NODE set).
// Each case below pins an output that Node 20 and Node 22 used to word differently.

const RULE = '-'.repeat(72);

let world: E2e | null = null;
let raw: RawHttpServer | null = null;
afterEach(async () => {
  await world?.close();
  await raw?.close();
  world = null;
  raw = null;
});

describe('the Node the e2e tests run on', () => {
  it.runIf(process.env.VR_EXPECT_NODE)('is the one test/run.mjs installed for this run', () => {
    expect(process.versions.node).toBe(process.env.VR_EXPECT_NODE);
    expect(process.versions.modules).toBe('127');
  });
});

describe('outputs worded by the engine, the same on Node 20 and Node 22', () => {
  it('a config.json mistake past a nesting deeper than the stack is named by line and column, with no runtime wording', async () => {
    // V8 12 (Node 22) appends "(line 1 column 200003)" to JSON.parse's "at position 200002"; the line names it once.
    const w = await createE2e({ framework: 'esx', configText: `${'['.repeat(200_000)}1 2` });
    world = w;
    await w.advance(1000);
    const lines = w.output();
    const problem = lines[lines.indexOf(RULE) + 2];
    expect(problem).toMatch(
      /^ {2}- config\.json line 1, column 200003: not valid JSON \(Expected ',' or '\]' after array element\) \(the line reads: \.\.\.\[+1 2\)$/,
    );
    expect(w.server.resourceState(RESOURCE)).toBe('started');
  });

  it('an answer whose status line says 000 is one console line naming it, not Node assert text', async () => {
    // undici asserts the status is at least 100: Node 20 words it "false == true", Node 22 over three lines.
    raw = await startRawHttpServer(() =>
      Buffer.from('HTTP/1.1 000 Zero\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}', 'latin1'),
    );
    const w = await createE2e({
      framework: 'esx',
      config: { apiUrl: raw.baseUrl, poll: { enabled: false } },
    });
    world = w;
    await w.advance(3000);
    const warned = w.output().filter((line) => line.startsWith('vote-reward: cannot reach the vote API yet'));
    expect(warned).toHaveLength(1);
    expect(warned[0]).toContain(
      `(${raw.baseUrl}/api/v1/server/info: fetch failed (an answer fetch could not read)); claims will be tried anyway;`,
    );
    expect(w.server.dead).toBe(false);
  });
});

describe('what Node 22 (FXServer) does differently, pinned', () => {
  // Node 20.20 carries ICU 78 (Unicode 17), Node 22.22 ICU 77 (Unicode 16): a letter added in Unicode 17 is no
  // \p{L} on FXServer, so the custom-command sanitizer drops it there (the safe way) and keeps it on Node 20.
  it("a name letter newer than the engine's Unicode is dropped from a custom command, kept where it is known", async () => {
    const ideograph = '\u{323B0}'; // CJK Extension J, Unicode 17
    const name = `Mei${ideograph}`;
    const w = await createE2e({
      framework: 'standalone',
      config: { reward: { type: 'custom', command: 'vote_gift {source} {name}' } },
    });
    world = w;
    await w.vote(name);
    const player = await w.join(name);
    w.type(player, '/vote');
    await w.until(() => w.ledger().length > 0);
    const known = Number(process.versions.unicode?.split('.')[0]) >= 17;
    expect(w.shopCommands().map((c) => c.args)).toEqual([[String(player.id), known ? name : 'Mei']]);
    expect(w.unclaimed(name)).toEqual([]);
  });
});
