/**
 * The reminders in the running resource (createResource over the fake runtime): the command registered under the
 * configured name only when reminders are on, suggested in the server's language, answering in it, its choice kept in
 * the KVP, and the status line.
 */
import { describe, expect, it } from 'vitest';
import { startResourceWorld } from '../../devkit/worlds/resource-world';
import { bootSites, createSitesShared } from '../../devkit/worlds/sites-world';
import { remindersKey } from '../../src/store/keys';

describe('reminders in the running resource', () => {
  it('registers no reminders command while reminders are off', async () => {
    const { runtime } = await startResourceWorld();
    expect([...runtime.commands.keys()]).toEqual(['votereward', 'vote']);
  });

  it('registers the configured command, suggests it and answers in the locale, and keeps the choice', async () => {
    const { runtime } = await startResourceWorld({
      config: { locale: 'fr', reminders: { enabled: true, command: 'rappels' } },
    });
    expect([...runtime.commands.keys()]).toEqual(['votereward', 'vote', 'rappels']);
    runtime.join(1, { name: 'Ana', license: 'license:a' });
    const suggestion = runtime.netEvents.find(
      (e) => e.event === 'chat:addSuggestion' && e.target === 1 && e.args[0] === '/rappels',
    );
    expect(suggestion?.args.slice(1)).toEqual([
      'Désactiver ou réactiver tes rappels de vote',
      [{ name: 'off|on', help: 'off ou on' }],
    ]);
    runtime.commands.get('rappels')?.handler(1, ['off'], 'rappels off');
    expect(runtime.told.at(-1)?.message).toBe(
      'Les rappels de vote sont désactivés pour toi. Tape /rappels on pour les réactiver.',
    );
    expect(JSON.parse(runtime.kvpData.get(remindersKey('license:a')) ?? '{}')).toMatchObject({ off: true });
    const before = runtime.logs.length;
    runtime.commands.get('votereward')?.handler(0, ['status'], 'votereward status');
    await runtime.clock.settle();
    expect(runtime.logs.slice(before).map((l) => l.message)).toContainEqual(
      expect.stringMatching(
        /^ {2}Reminders {2}0 sent \(0 party nudges\), held 0 times by the cap of 2 an hour; 1 player online, 1 with reminders off; quiet 120 s after joining$/,
      ),
    );
  });
});

describe('reminders in the composition', () => {
  it('hands a reminded player to the poller, which then checks them closely (as after the vote link)', async () => {
    const shared = createSitesShared([]);
    const world = bootSites(shared, {
      poll: { enabled: true },
      reminders: { enabled: true, joinDelaySeconds: 60 },
    });
    world.running.start();
    world.runtime.join(1, { name: 'Ana', license: 'license:a' });
    await shared.clock.advance(30_000);
    expect(world.running.detector?.status().queues.link).toBe(0);
    await shared.clock.advance(40_000);
    expect(world.runtime.told.map((t) => t.message)).toContain(
      'You can vote for the server again: http://127.0.0.1:8787/vote',
    );
    expect(world.running.detector?.status().queues.link).toBe(1);
    world.running.stop();
  });
});
