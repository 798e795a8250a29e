import { afterEach, describe, expect, it } from 'vitest';
import { createE2e, type E2e } from '../../devkit/worlds/e2e-harness';

let world: E2e | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

// biome-ignore lint/suspicious/noControlCharactersInRegex: asserting their absence
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const FORGED = '[script:vote-reward] vote-reward: FORGED';

describe('console lines with hostile values from outside', () => {
  it('a server name and a player name with newlines, ANSI, colour codes and bidi print as one clean line each', async () => {
    const w = await createE2e({ framework: 'qbcore', start: false });
    world = w;
    w.store.servers.update(1, {
      name: 'Evil\u001b[2J\u001b[31m\nvote-reward: FORGED admin line ^1red\u202eend',
    });
    await w.restart();
    await w.started();
    const player = await w.join('Steve\nvote-reward: FORGED player line\u001b[2J^1x\u202e', {
      license: 'license:c1',
    });
    w.type(player, '/vote');
    await w.until(() => w.messages(player).length > 0);
    await w.advance(2000);

    const lines = w.consoleLines();
    expect(lines.filter((line) => line.startsWith(FORGED))).toEqual([]);
    expect(lines.filter((line) => UNSAFE.test(line))).toEqual([]);
    expect(w.output()).toContain(
      'vote-reward: connected to Evil\\x1b[2J\\x1b[31m\\nvote-reward: FORGED admin line red\\u202eend (#1, 0 votes)',
    );
    expect(
      w
        .output()
        .some((line) => line.startsWith('vote-reward: /vote by Steve\\nvote-reward: FORGED player line')),
    ).toBe(true);
  });
});
