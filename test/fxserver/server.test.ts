import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitCommandBuffer, tokenizeCommand } from '../../devkit/fxserver/console-parser';
import {
  createEsxFake,
  createOxInventoryFake,
  createQbCoreFake,
  createQbInventoryFake,
  createVrpFake,
} from '../../devkit/fxserver/resources';
import { createFxServer, JoinRefusedError } from '../../devkit/fxserver/server';
import { simWithScripts, tempDir, writeResource } from '../../devkit/fxserver/test-helpers';

describe('players', () => {
  it('join fires playerConnecting then playerJoining with the old temp id as a string; drop fires playerDropped', async () => {
    const sim = simWithScripts();
    sim.add(
      'a',
      `on('playerConnecting', (name) => console.log('connecting', name, typeof source));
       on('playerJoining', (oldId) => console.log('joining', typeof oldId, Number(oldId) !== source, source));
       on('playerDropped', (reason, res, code) => console.log('dropped', source, reason, JSON.stringify(res), code));`,
    );
    const id = await sim.server.join({
      name: 'Ann',
      identifiers: ['license:abc'],
      endpoint: '10.0.0.5:1234',
    });
    sim.server.drop(id, 'Exiting');
    expect(sim.output('a')).toEqual([
      'connecting Ann number',
      `joining string true ${id}`,
      `dropped ${id} Exiting "" 2`,
    ]);
  });

  it('deferrals.done(reason) refuses the connection', async () => {
    const sim = simWithScripts();
    sim.add(
      'a',
      "on('playerConnecting', (name, kick, d) => { d.defer(); setTimeout(() => d.done('banned'), 100); });",
    );
    const joining = sim.server.join({ name: 'Eve' }).catch((e: unknown) => e);
    await sim.server.advance(200);
    const refused = await joining;
    expect(refused).toBeInstanceOf(JoinRefusedError);
    expect((refused as JoinRefusedError).reason).toBe('banned');
    expect(sim.server.players()).toEqual([]);
  });

  it('player natives: strings from getPlayers, prefix identifier lookup, null/0 for unknown ids and for 0', async () => {
    const sim = simWithScripts();
    sim.add(
      'a',
      "on('q', (id) => console.log(JSON.stringify([getPlayers(), GetPlayerName(id), GetPlayerName(0), GetPlayerName(999), GetNumPlayerIdentifiers(999), GetPlayerIdentifierByType(String(id), 'license'), getPlayerIdentifiers(id), GetPlayerEndpoint(id), DoesPlayerExist('999')])));",
    );
    const id = await sim.server.join({
      name: 'Ann',
      identifiers: ['license:abc', 'discord:1'],
      endpoint: '10.0.0.5:1234',
    });
    sim.server.emit('q', id);
    expect(JSON.parse(sim.output('a')[0] as string)).toEqual([
      [String(id)],
      'Ann',
      null,
      null,
      0,
      'license:abc',
      ['license:abc', 'discord:1', 'ip:10.0.0.5'],
      '10.0.0.5:1234',
      false,
    ]);
  });
});

describe('commands', () => {
  it.each([
    ['vote', ['vote']],
    ['vote a "b c" d', ['vote', 'a', 'b c', 'd']],
    ['say "x\\"y"', ['say', 'x"y']],
    ['give 1 # comment', ['give', '1']],
    ['name x"; quit; say "', ['name', 'x', '; quit; say ']],
  ])('tokenizes %j like the FXServer console', (line, tokens) => {
    expect(tokenizeCommand(line)).toEqual(tokens);
  });

  it('splits the console buffer at ; and newlines outside quotes', () => {
    expect(splitCommandBuffer('say "a;b"; quit\nstart x')).toEqual(['say "a;b"', ' quit', 'start x']);
  });

  it('runs a player command with (source, args, raw), console with source 0, and enforces ACEs on restricted ones', async () => {
    const sim = simWithScripts();
    sim.add(
      'a',
      `RegisterCommand('vote', (src, args, raw) => console.log('vote', src, JSON.stringify(args), JSON.stringify(raw)), false);
       RegisterCommand('admin', (src) => console.log('admin by', src), true);`,
    );
    const id = await sim.server.join({ name: 'Ann', identifiers: ['license:abc'] });
    sim.server.chat(id, '/vote now "x y"');
    sim.server.command(id, 'admin');
    sim.server.consoleCommand('admin; vote');
    sim.server.addAce('identifier.license:abc', 'command.admin');
    sim.server.command(id, 'admin');
    expect(sim.output('a')).toEqual([
      `vote ${id} ["now","x y"] ${JSON.stringify('vote now "x y"')}`,
      'admin by 0',
      'vote 0 [] " vote"',
      `admin by ${id}`,
    ]);
    expect(sim.server.consoleLines).toContain('[cmd] Access denied for command admin.');
  });

  it.each([
    ['split', 2],
    ['single', 1],
  ] as const)('ExecuteCommand with a ; inside a player name (mode %s) runs %i command(s)', (mode, count) => {
    const sim = simWithScripts({ executeCommandSemicolons: mode });
    sim.add('a', `RegisterCommand('greet', () => {}, false); ExecuteCommand('greet x; greet injected');`);
    expect(sim.server.executedCommands.map((c) => c.name)).toHaveLength(count);
  });
});

describe('resources, files, convars and KVP', () => {
  it('fires onResourceStart immediately, onServerResourceStart on the next tick, and stop events in order', () => {
    const sim = simWithScripts();
    sim.add(
      'watch',
      `for (const ev of ['onResourceStart', 'onServerResourceStart', 'onResourceStop', 'onServerResourceStop'])
         on(ev, (r) => { if (r === 'other') console.log(ev, GetResourceState('other')); });`,
    );
    sim.add('other', '');
    sim.server.tick();
    sim.server.stop('other');
    sim.server.tick();
    expect(sim.output('watch')).toEqual([
      'onResourceStart started',
      'onServerResourceStart started',
      'onResourceStop stopping',
      'onServerResourceStop stopped',
    ]);
  });

  it('LoadResourceFile is confined to the resource folder; SaveResourceFile writes only its own resource', () => {
    const sim = simWithScripts();
    sim.add(
      'a',
      `console.log(JSON.stringify([LoadResourceFile('a', 'config.json'), LoadResourceFile('a', 'missing.txt'), LoadResourceFile('a', '../b/secret.txt'), SaveResourceFile('a', 'out.txt', 'x', -1), SaveResourceFile('b', 'out.txt', 'x', -1), GetConvar('vote_key', 'none'), GetConvarInt('n', 5)]));`,
      '',
      { 'config.json': '{"k":1}' },
    );
    expect(JSON.parse(sim.output('a')[0] as string)).toEqual(['{"k":1}', null, null, true, false, 'none', 5]);
  });

  it('KVP survives a restart and a kill; unflushed NoSync writes are lost on kill', () => {
    const root = tempDir();
    const dataDir = path.join(root, 'data');
    const dir = writeResource(
      root,
      'store',
      `on('write', () => { SetResourceKvp('claim:1', 'open'); SetResourceKvpIntNoSync('count', 3); SetResourceKvpNoSync('flushed', 'y'); });
       on('flush', () => FlushResourceKvp());
       on('later', () => SetResourceKvpNoSync('lost', 'z'));
       on('read', () => { const h = StartFindKvp(''); const keys = []; let k; while ((k = FindKvp(h))) keys.push(k); EndFindKvp(h); console.log(JSON.stringify(keys), GetResourceKvpInt('count')); });`,
    );
    const first = createFxServer({ dataDir });
    first.addResourceFolder('store', dir);
    first.start('store');
    first.emit('write');
    first.emit('flush');
    first.emit('later');
    first.restart('store');
    first.emit('read');
    expect(first.consoleLines.at(-1)).toBe('[script:store] ["claim:1","count","flushed","lost"] 3');
    first.kill();
    const second = createFxServer({ dataDir });
    second.addResourceFolder('store', dir);
    second.start('store');
    second.emit('read');
    expect(second.consoleLines.at(-1)).toBe('[script:store] ["claim:1","count","flushed"] 3');
    second.kill();
    expect(fs.existsSync(path.join(dataDir, 'kvp', 'store.json'))).toBe(true);
  });
});

describe('PerformHttpRequestInternalEx', () => {
  let httpServer: http.Server;
  let base = '';
  let afterKill = 0;
  beforeAll(async () => {
    httpServer = http.createServer((req, res) => {
      if (req.url === '/after-kill') {
        afterKill += 1;
        res.end('sent by a dead server');
      } else if (req.url === '/ok') {
        res.setHeader('X-Test', 'yes');
        res.end('fine');
      } else if (req.url === '/limited') {
        res.writeHead(429, { 'Retry-After': '30' });
        res.end('{"error":"rate_limited"}');
      } else if (req.url === '/hang') {
        // never answers
      } else res.end('?');
    });
    await new Promise<void>((r) => httpServer.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    httpServer.closeAllConnections();
    httpServer.close();
  });

  const script = (url: string) => `
    on('__cfx_internal:httpResponse', (token, status, body, headers, err) => {
      console.log(JSON.stringify({ token, status, body, xtest: headers['X-Test'] ?? null, nheaders: Object.keys(headers).length, err }));
    });
    const token = PerformHttpRequestInternalEx({ url: '${url}', method: 'GET', data: '', headers: {} });
    console.log('token', token, 'tick', GetGameTimer());`;

  it('a killed server sends nothing more: a fetch its code makes after the kill never leaves (node22)', async () => {
    const sim = simWithScripts({ profile: 'node22' });
    sim.add('a', `fetch('${base}/ok').then(() => fetch('${base}/after-kill')).catch(() => undefined);`);
    sim.server.kill();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(afterKill).toBe(0);
  });

  it('answers on a later tick with the body and headers for a success', async () => {
    const sim = simWithScripts({ profile: 'node16' });
    sim.add('a', script(`${base}/ok`));
    expect(sim.output('a')).toEqual(['token 0 tick 0']);
    await sim.server.until(() => sim.output('a').length > 1);
    expect(JSON.parse(sim.output('a')[1] as string)).toMatchObject({
      token: 0,
      status: 200,
      body: 'fine',
      xtest: 'yes',
      err: null,
    });
  });

  it('for status >= 400 the body is null, headers are empty and the error text is "HTTP <code>: <body>"', async () => {
    const sim = simWithScripts({ profile: 'node16' });
    sim.add('a', script(`${base}/limited`));
    await sim.server.until(() => sim.output('a').length > 1);
    expect(JSON.parse(sim.output('a')[1] as string)).toEqual({
      token: 0,
      status: 429,
      body: null,
      xtest: null,
      nheaders: 0,
      err: 'HTTP 429: {"error":"rate_limited"}',
    });
  });

  it.each([
    ['a refused connection', 'http://127.0.0.1:1/x', /CURL error code 7/],
    ['no answer within 5 s of simulator time', '/hang', /CURL error code 28/],
  ])('reports status 0 for %s', async (_label, url, pattern) => {
    const sim = simWithScripts({ profile: 'node16' });
    sim.add('a', script(url.startsWith('/') ? `${base}${url}` : url));
    await sim.server.until(() => sim.output('a').length > 1, { timeoutMs: 7000 });
    const res = JSON.parse(sim.output('a')[1] as string) as { status: number; err: string };
    expect(res.status).toBe(0);
    expect(res.err).toMatch(pattern);
  });

  it('returns -1 for a request without a valid url', () => {
    const sim = simWithScripts();
    sim.add('a', "console.log(PerformHttpRequestInternalEx({ url: 'ftp://x' }));");
    expect(sim.output('a')).toEqual(['-1']);
  });
});

describe('framework fakes', () => {
  it('ESX xPlayer money methods raise on amounts <= 0 and unknown accounts; RunStaticPlayerMethod ignores string sources', async () => {
    const sim = simWithScripts();
    const esx = createEsxFake();
    sim.server.addFakeResource('es_extended', esx.definition);
    sim.server.start('es_extended');
    const id = await sim.server.join({ name: 'Ann' });
    esx.loadPlayer(id);
    sim.add(
      'pay',
      `const ESX = exports.es_extended.getSharedObject();
       const x = ESX.GetPlayerFromId(${id});
       x.addAccountMoney('bank', 100, 'vote');
       for (const [acc, n] of [['bank', 0], ['gold', 5]]) { try { x.addAccountMoney(acc, n) } catch (e) { console.log('raised', acc, n) } }
       exports.es_extended.RunStaticPlayerMethod('${id}', 'addMoney', 50);
       exports.es_extended.RunStaticPlayerMethod(${id}, 'addMoney', 25);
       console.log('unloaded', ESX.GetPlayerFromId(999) === undefined);`,
    );
    expect(sim.output('pay')).toEqual(['raised bank 0', 'raised gold 5', 'unloaded true']);
    expect(sim.server.ledger.map((e) => [e.kind, e.amount])).toEqual([
      ['bank', 100],
      ['money', 25],
    ]);
  });

  it('QBCore returns no player before load; qb-inventory answers [false, reason] when an item does not fit', async () => {
    const sim = simWithScripts();
    const qb = createQbCoreFake();
    sim.server.addFakeResource('qb-core', qb.definition);
    sim.server.addFakeResource(
      'qb-inventory',
      createQbInventoryFake({ core: qb, maxWeight: 20000 }).definition,
    );
    sim.server.start('qb-core');
    sim.server.start('qb-inventory');
    const id = await sim.server.join({ name: 'Ann' });
    sim.add(
      'pay',
      `globalThis.QB = exports['qb-core'].GetCoreObject(); on('pay', () => { const p = QB.Functions.GetPlayer(${id}); console.log(p ? JSON.stringify([p.Functions.AddMoney('cash', 10), exports['qb-inventory'].CanAddItem(${id}, 'gold_bar', 3), p.Functions.AddItem('bread', 2)]) : 'not loaded'); });`,
    );
    sim.server.emit('pay');
    qb.loadPlayer(id);
    sim.server.emit('pay');
    expect(sim.output('pay')).toEqual(['not loaded', '[true,[false,"weight"],true]']);
    expect(sim.server.ledger.map((e) => `${e.framework}:${e.name}:${e.amount}`)).toEqual([
      'qb-core:cash:10',
      'qb-inventory:bread:2',
    ]);
  });

  it('ox_inventory AddItem returns [success, slot] and CanCarryItem answers nil when no slot is free for an item not held', async () => {
    const sim = simWithScripts();
    sim.server.addFakeResource('ox_inventory', createOxInventoryFake({ slots: 1 }).definition);
    sim.server.start('ox_inventory');
    const id = await sim.server.join({ name: 'Ann' });
    sim.add(
      'pay',
      `const ox = exports.ox_inventory; console.log(JSON.stringify([ox.AddItem(${id}, 'bread', 1), ox.CanCarryItem(${id}, 'water', 1), ox.AddItem(${id}, 'water', 1), ox.AddItem(${id}, 'nope', 1), ox.CanCarryItem(${id}, 'nope', 1)]));`,
    );
    expect(JSON.parse(sim.output('pay')[0] as string)).toMatchObject([
      [true, { name: 'bread', count: 1, slot: 1 }],
      null,
      [false, 'inventory_full'],
      [false, 'invalid_item'],
      null,
    ]);
  });

  it('vRP answers proxy calls with vRP:<id>:proxy_res, also when the reply is delayed', async () => {
    const sim = simWithScripts();
    const vrp = createVrpFake({ replyDelayMs: 100 });
    sim.server.addFakeResource('vrp', vrp.definition);
    sim.server.start('vrp');
    const id = await sim.server.join({ name: 'Ann' });
    vrp.loadPlayer(id, 77);
    sim.add(
      'pay',
      `on('vRP:vote:proxy_res', (rid, rets) => console.log('reply', rid, JSON.stringify(rets))); emit('vRP:proxy', 'getUserId', [${id}], 'vote', 1); emit('vRP:proxy', 'giveBankMoney', [77, 500], 'vote', -1);`,
    );
    expect(sim.output('pay')).toEqual([]);
    await sim.server.advance(200);
    expect(sim.output('pay')).toEqual(['reply 1 [77]']);
    expect(sim.server.ledger).toMatchObject([{ framework: 'vrp', player: id, kind: 'bank', amount: 500 }]);
  });

  it('a payout hook can kill the server at the moment of a payout: nothing after it persists', async () => {
    const sim = simWithScripts();
    const esx = createEsxFake();
    sim.server.addFakeResource('es_extended', esx.definition);
    sim.server.start('es_extended');
    const id = await sim.server.join({ name: 'Ann' });
    esx.loadPlayer(id);
    sim.server.payoutHook = () => 'kill-after';
    sim.add(
      'pay',
      `try { exports.es_extended.getSharedObject().GetPlayerFromId(${id}).addMoney(10) } catch (e) {} SetResourceKvp('after', 'x');`,
    );
    expect(sim.server.dead).toBe(true);
    expect(sim.server.ledger).toHaveLength(1);
    const again = createFxServer({ dataDir: path.join(sim.root, 'data') });
    expect(again.kvp('pay', 'after')).toBeNull();
    again.kill();
  });
});
