import { afterEach, describe, expect, it } from 'vitest';
import { createE2e, type E2e } from '../../devkit/worlds/e2e-harness';

let world: E2e | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

describe('name lock under the API matching rule', () => {
  it.each([
    ['Straße', 'STRASSE'],
    ['Straße', 'Strasse'],
    ['Ivan', 'ıvan'],
    ['Σίσυφος', 'Σίσυφοσ'],
  ])(
    'a name bound as %j is refused to another license spelling it %j; the victim keeps the vote',
    async (victimName, attackerName) => {
      const w = await createE2e({ framework: 'qbcore' });
      world = w;
      await w.vote(victimName, { agoMs: 60_000 });
      const victim = await w.join(victimName, { license: 'license:aaaa1111' });
      w.type(victim, '/vote');
      await w.until(() => w.ledger().length > 0);
      w.drop(victim);

      await w.vote(victimName);
      const attacker = await w.join(attackerName, { license: 'license:bbbb2222' });
      await w.advance(11_000);
      w.type(attacker, '/vote');
      await w.until(() => w.messages(attacker).length > 0);
      await w.advance(2000);

      expect(w.messages(attacker)).toEqual([
        `The name "${attackerName}" is already bound to another player, so its votes cannot be claimed here.`,
      ]);
      expect(w.ledger().map((e) => e.player)).toEqual([victim.id]);
      expect(w.unclaimed(victimName)).toHaveLength(1);
    },
  );
});
