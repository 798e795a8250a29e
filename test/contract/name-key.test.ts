import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldCase } from '../../contract/name-key';
import { createStore, openDatabase } from '../../mock-server/db';
import { MIGRATIONS } from '../../mock-server/db/schema';
import { nameKey } from '../../src/engine/player-name';
import { createHarness } from '../mock/helpers';

/** The resource's key before full case folding, kept to prove the new key only ever merges more names. */
const previousResourceKey = (name: string) => name.normalize('NFKC').toLowerCase();
/** The mock's key before full case folding. */
const previousMockKey = (name: string) =>
  name.trim().normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');

/** Pieces that fold in surprising ways, so generated names hit the cases plain ASCII never reaches. */
const TRICKY = [
  'ß',
  'ss',
  'SS',
  'ẞ',
  'Ss',
  'ı',
  'i',
  'I',
  'İ',
  'σ',
  'ς',
  'Σ',
  'ί',
  'Ί',
  'ﬁ',
  'fi',
  'Ｓ',
  'ｓ',
  'Ǆ',
  'ǅ',
  'ǆ',
  'ſ',
  'K',
  'k',
  'Å',
  'å',
  'Å',
  'ﬀ',
  'ŉ',
  'ʼn',
  'Ꭰ',
  'ꭰ',
  'ᾈ',
  'ᾀ',
  'ι',
  'ͅ',
  'µ',
  'μ',
  '①',
  'Ⅳ',
  'a',
  'Z',
  '_',
  ' ',
];
const trickyName = fc
  .array(fc.oneof(fc.constantFrom(...TRICKY), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 2 })), {
    minLength: 1,
    maxLength: 12,
  })
  .map((parts) => parts.join(''));
/** A respelling of `name` that the API must treat as the same player. */
const respelled = (name: string, how: number): string => {
  switch (how) {
    case 0:
      return name.toUpperCase();
    case 1:
      return name.toLowerCase();
    case 2:
      return name.normalize('NFKD');
    case 3:
      return name.replace(/ss/gi, 'ß').replace(/σ(?=\s|$)/g, 'ς');
    default:
      return name.replace(/[a-z]/g, (c) => String.fromCodePoint(c.charCodeAt(0) - 0x61 + 0xff41));
  }
};

describe('nameKey: the API matching key', () => {
  it.each([
    ['Straße', 'STRASSE'],
    ['Straße', 'strasse'],
    ['Straße', 'STRAẞE'],
    ['ß', 'SS'],
    ['ß', 'ẞ'],
    ['ẞ', 'ss'],
    ['Ivan', 'ıvan'],
    ['IVAN', 'ıvan'],
    ['Σίσυφος', 'ΣΊΣΥΦΟΣ'],
    ['Σίσυφος', 'Σίσυφοσ'],
    ['ΣΊΣΥΦΟΣ', 'σίσυφοσ'],
    ['Ｓｔｅｖｅ', 'steve'],
    ['ﬁre', 'FIRE'],
    ['ǅemal', 'džemal'],
    ['Ångström', 'ångström'],
    ['  Steve  ', 'steve'],
  ])('%j and %j are one player', (a, b) => {
    expect(nameKey(a)).toBe(nameKey(b));
  });

  it.each([
    ['Steve', 'Steven'],
    ['Steve', 'St eve'],
    ['İvan', 'ivan'],
    ['Straße', 'Strase'],
    ['Σίσυφος', 'Σισυφος'],
  ])('%j and %j are two players', (a, b) => {
    expect(nameKey(a)).not.toBe(nameKey(b));
  });

  it('gives plain ASCII names (the lower-casing shortcut) the key the full Unicode path gives them', () => {
    const fullPath = (name: string) =>
      foldCase(foldCase(name.normalize('NFD')).normalize('NFKC'))
        .normalize('NFKC')
        .trim();
    for (let cp = 0; cp < 0x80; cp += 1) {
      const c = String.fromCodePoint(cp);
      expect(nameKey(`A${c}z`)).toBe(fullPath(`A${c}z`));
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 40 }), (name) => {
        expect(nameKey(name)).toBe(fullPath(name));
      }),
    );
    // One character past ASCII takes the full path.
    expect(nameKey('STRAẞE')).toBe('strasse');
  });

  it('merges every pair of characters (planes 0 and 1, where every cased letter is) the previous keys merged', () => {
    const split: string[] = [];
    for (let cp = 0; cp <= 0x1ffff; cp += 1) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      const key = nameKey(c);
      if (nameKey(previousResourceKey(c)) !== key || nameKey(previousMockKey(c)) !== key)
        split.push(cp.toString(16));
    }
    expect(split).toEqual([]);
  });

  it('is stable: the key of a key, of an old resource key or of an old mock key is the key', () => {
    fc.assert(
      fc.property(trickyName, (name) => {
        const key = nameKey(name);
        expect(nameKey(key)).toBe(key);
        expect(nameKey(previousResourceKey(name))).toBe(key);
        expect(nameKey(previousMockKey(name))).toBe(key);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the resource and the mock agree on who is the same voter', () => {
  it('a vote recorded under one spelling is claimable under another exactly when the keys are equal', async () => {
    const mock = createHarness();
    const valid = (name: string) => name.trim().length > 0 && [...name.trim()].length <= 64;
    await fc.assert(
      fc.asyncProperty(trickyName, fc.integer({ min: 0, max: 4 }), trickyName, async (voted, how, other) => {
        const claimedAs = [respelled(voted, how), other][how % 2];
        fc.pre(claimedAs !== undefined && valid(voted) && valid(claimedAs));
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the API refuses names with control characters
        fc.pre(!/[\u0000-\u001f\u007f-\u009f]/.test(voted + claimedAs));
        mock.store.reset();
        mock.serverId = mock.store.servers.create({ name: 'S', game: 'fivem' }).id;
        mock.store.votes.insert({ serverId: mock.serverId, username: voted });
        const claimed = mock.store.votes.claimOldest(mock.serverId, claimedAs as string) !== null;
        expect(claimed).toBe(nameKey(voted) === nameKey(claimedAs as string));
      }),
      { numRuns: 600 },
    );
  });

  it.each([
    ['Straße', 'STRASSE'],
    ['Ivan', 'ıvan'],
    ['Σίσυφος', 'Σίσυφοσ'],
    ['ẞig', 'ßig'],
  ])(
    'a vote by %j is claimed over HTTP by %j, and the resource keys both names alike',
    async (voted, claimer) => {
      const mock = createHarness();
      mock.vote(voted);
      const response = await mock.post('/api/v1/vote/claim', { username: claimer });
      expect(response.status).toBe(200);
      expect(nameKey(claimer)).toBe(nameKey(voted));
    },
  );
});

describe('mock database upgrade', () => {
  it('recomputes the username keys an older mock stored, so old votes are still found', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vote-db-'));
    try {
      const path = join(dir, 'vote-api.sqlite');
      const old = new Database(path);
      old.exec(MIGRATIONS[0] as string);
      old.exec(MIGRATIONS[1] as string);
      old.pragma('user_version = 2');
      old.prepare('INSERT INTO servers (id, name, game, created_at) VALUES (1, ?, ?, 0)').run('Old', 'fivem');
      const insert = old.prepare(
        'INSERT INTO votes (uuid, server_id, username, username_key, voted_at) VALUES (?, 1, ?, ?, 0)',
      );
      for (const [i, name] of ['Σίσυφος', 'ẞig', 'Ivan'].entries())
        insert.run(`u${i}`, name, previousMockKey(name));
      old.close();

      const upgraded = openDatabase(path);
      try {
        const store = createStore(upgraded, { now: () => 1000 });
        expect(store.votes.claimOldest(1, 'Σίσυφοσ')?.username).toBe('Σίσυφος');
        expect(store.votes.claimOldest(1, 'ssig')?.username).toBe('ẞig');
        expect(store.votes.claimOldest(1, 'ıvan')?.username).toBe('Ivan');
      } finally {
        upgraded.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
