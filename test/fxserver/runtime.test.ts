import { describe, expect, it } from 'vitest';
import { simWithScripts } from '../../devkit/fxserver/test-helpers';

const lastLine = (lines: string[], prefix: string): string | undefined =>
  lines.filter((l) => l.startsWith(prefix)).at(-1);

describe('resource scripts run as classic scripts in their own context', () => {
  it('top-level declarations become globals shared by the resource scripts, not by other resources', () => {
    const sim = simWithScripts();
    sim.add(
      'a',
      "var shared = 'a-value'; function helper() { return 1; } console.log('a sees', typeof globalThis.shared, typeof helper);",
    );
    sim.add('b', "console.log('b sees', typeof shared, typeof helper);");
    expect(sim.output('a')).toContain('a sees string function');
    expect(sim.output('b')).toContain('b sees undefined undefined');
  });

  it('exports is the FXServer proxy: assigning to it throws, exports(name, fn) needs two arguments', () => {
    const sim = simWithScripts();
    sim.add(
      'a',
      `try { exports.x = 1 } catch (e) { console.log('set:', e.message) }
       try { exports('only-one') } catch (e) { console.log('apply:', e.message) }`,
    );
    expect(sim.output('a')).toEqual(['set: cannot set values on exports', 'apply: this needs 2 arguments']);
  });

  it('require gives Node built-ins only and process.exit is refused without ending the process', () => {
    const sim = simWithScripts();
    sim.add(
      'a',
      `console.log('path', require('node:path').join('a', 'b'), typeof http);
       try { require('left-pad') } catch (e) { console.log('pkg:', e.message) }
       try { process.exit(3) } catch (e) { console.log('exit refused') }`,
    );
    const out = sim.output('a');
    expect(out[0]).toBe('path a/b object');
    expect(out).toContain("pkg: Cannot find module 'left-pad'");
    expect(out).toContain('exit refused');
    expect(out.some((l) => l.includes('SCRIPT ERROR: process.exit(3)'))).toBe(true);
  });

  it.each([
    ['node22', 'function function function function'],
    ['node16', 'undefined undefined undefined function'],
  ] as const)(
    'profile %s exposes fetch / structuredClone / AbortSignal.timeout / crypto.randomUUID as: %s',
    (profile, expected) => {
      const sim = simWithScripts({ profile });
      sim.add(
        'a',
        'console.log(typeof fetch, typeof structuredClone, typeof AbortSignal.timeout, typeof crypto.randomUUID);',
      );
      expect(sim.output('a')).toEqual([expected]);
    },
  );
});

describe('clock and timers', () => {
  it('Date, new Date() and GetGameTimer follow the virtual clock', async () => {
    const start = Date.UTC(2030, 0, 1);
    const sim = simWithScripts({ startTime: start });
    await sim.server.advance(60 * 60 * 1000);
    sim.add(
      'b',
      'console.log(Date.now(), new Date().getTime(), GetGameTimer(), new Date(5).getTime(), typeof Date());',
    );
    expect(sim.output('b')).toEqual([`${start + 3_600_000} ${start + 3_600_000} 3600000 5 string`]);
  });

  it('timers return object handles, clearing by number does nothing, and fire on the first tick after the interval', () => {
    const sim = simWithScripts();
    sim.add(
      'a',
      `const h = setTimeout(() => console.log('fired at', GetGameTimer()), 100);
       console.log('handle', typeof h, typeof h.id);
       clearTimeout(h.id);
       const gone = setTimeout(() => console.log('should not fire'), 10);
       clearTimeout(gone);
       setImmediate(() => console.log('immediate at', GetGameTimer()));`,
    );
    for (let i = 0; i < 4; i++) sim.server.tick();
    expect(sim.output('a')).toEqual(['handle object number', 'immediate at 50', 'fired at 150']);
  });

  it('setTick skips a ticker while its promise is pending', async () => {
    const sim = simWithScripts();
    sim.add(
      'a',
      `let calls = 0;
       setTick(() => { calls++; return new Promise((r) => setTimeout(r, 120)); });
       globalThis.show = () => console.log('calls', calls);
       on('show', () => show());`,
    );
    await sim.server.advance(500);
    sim.server.emit('show');
    const calls = Number(lastLine(sim.output('a'), 'calls')?.split(' ')[1]);
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(calls).toBeLessThanOrEqual(4);
  });

  it('an unhandled rejection is logged as SCRIPT ERROR and the simulator keeps running', async () => {
    const sim = simWithScripts();
    sim.add('a', "Promise.reject(new Error('boom')); setTimeout(() => console.log('still alive'), 10);");
    await sim.server.advance(200);
    const out = sim.output('a');
    expect(out.some((l) => l.includes('SCRIPT ERROR in promise (unhandled rejection): Error: boom'))).toBe(
      true,
    );
    expect(out).toContain('still alive');
  });
});

describe('events', () => {
  it('arguments cross resources through msgpack: Maps, dates and class instances lose their shape, undefined becomes null', () => {
    const sim = simWithScripts();
    sim.add(
      'a',
      "on('shape', (v) => console.log(JSON.stringify(v), Object.getPrototypeOf(v.inst) === Object.prototype));",
    );
    sim.add(
      'b',
      `class Point { constructor() { this.x = 1; } get y() { return 2; } }
       emit('shape', { m: new Map([['k', 1]]), d: new Date(0), inst: new Point(), u: undefined, arr: [1, undefined] });`,
    );
    expect(sim.output('a')).toEqual(['{"m":{},"d":{},"inst":{"x":1},"u":null,"arr":[1,null]} true']);
  });

  it('source is set during synchronous dispatch only and is null after the first await', async () => {
    const sim = simWithScripts();
    sim.add(
      'a',
      `onNet('hello', async () => { console.log('sync', source); await null; console.log('after await', source); });`,
    );
    const id = await sim.server.join({ name: 'Ann', identifiers: ['license:aaa'] });
    sim.server.emitNet('hello', id);
    await sim.server.advance(50);
    expect(sim.output('a')).toEqual([`sync ${id}`, 'after await null']);
  });

  it('a throwing handler is logged FXServer-style and does not stop the other handlers', () => {
    const sim = simWithScripts();
    sim.add(
      'a',
      "on('ev', () => { throw new Error('first broke'); }); on('ev', () => console.log('second ran'));",
    );
    sim.server.emit('ev');
    const out = sim.output('a');
    expect(out[0]).toMatch(/^SCRIPT ERROR in event `ev': Error: first broke/);
    expect(out).toContain('second ran');
  });

  it('a net event without a net-safe handler is refused', async () => {
    const sim = simWithScripts();
    sim.add('a', "on('local-only', () => console.log('ran'));");
    const id = await sim.server.join({ name: 'Bob' });
    sim.server.emitNet('local-only', id);
    expect(sim.output('a')).toEqual(['Event local-only was not safe for net']);
  });

  it('emitNet is recorded per client and -1 reaches everyone', async () => {
    const sim = simWithScripts();
    sim.add('a', "on('send', (t) => emitNet('chat:addMessage', t, { args: ['Vote', 'hi ' + t] }));");
    const a = await sim.server.join({ name: 'A' });
    const b = await sim.server.join({ name: 'B' });
    sim.server.emit('send', a);
    sim.server.emit('send', -1);
    expect(sim.server.clientEvents(a).map((e) => e.args)).toEqual([
      [{ args: ['Vote', `hi ${a}`] }],
      [{ args: ['Vote', 'hi -1'] }],
    ]);
    expect(sim.server.clientEvents(b)).toHaveLength(1);
  });
});

describe('exports', () => {
  it('a missing resource or export throws at property access', () => {
    const sim = simWithScripts();
    sim.add('a', "exports('present', () => 1);");
    sim.add(
      'b',
      `try { exports.a.absent } catch (e) { console.log(e.message) }
       try { exports['nope'].fn } catch (e) { console.log(e.message) }
       console.log('ok', exports.a.present());`,
    );
    expect(sim.output('b')).toEqual([
      'No such export absent in resource a',
      'No such export fn in resource nope',
      'ok 1',
    ]);
  });

  it('errors inside an export are wrapped, async exports become promises', async () => {
    const sim = simWithScripts();
    sim.add(
      'a',
      "exports('bad', () => { throw new Error('inner'); }); exports('later', async (x) => x * 2);",
    );
    sim.add(
      'b',
      `try { exports.a.bad() } catch (e) { console.log(e.message) }
       const p = exports.a.later(21); console.log('is promise', p instanceof Promise); p.then((v) => console.log('resolved', v));`,
    );
    await sim.server.advance(50);
    const out = sim.output('b');
    expect(out[0]).toBe('An error occurred while calling export bad of resource a - see above for details');
    expect(out).toContain('is promise true');
    expect(out).toContain('resolved 42');
    expect(sim.output('a').some((l) => l.startsWith('SCRIPT ERROR in call ref: Error: inner'))).toBe(true);
  });

  it('Lua-style multi-returns arrive as arrays and yielding functions as promises', async () => {
    const sim = simWithScripts();
    sim.server.addFakeResource('luares', {
      flavor: 'lua',
      setup(g, api) {
        g.exports('two', () => api.multi(true, 'ok'));
        g.exports('one', () => 7);
        g.exports('none', () => undefined);
        g.exports('yield', () => new Promise((r) => g.setTimeout(() => r(api.multi(false, 'weight')), 100)));
        g.exports('fail', () => {
          throw new Error('lua error');
        });
      },
    });
    sim.server.start('luares');
    sim.add(
      'b',
      `console.log(JSON.stringify([exports.luares.two(), exports.luares.one(), exports.luares.none()]));
       exports.luares.yield().then((v) => console.log('yielded', JSON.stringify(v)));
       try { exports.luares.fail() } catch (e) { console.log('fail:', e.message) }`,
    );
    await sim.server.advance(300);
    const out = sim.output('b');
    expect(out[0]).toBe('[[true,"ok"],7,null]');
    expect(out).toContain('yielded [false,"weight"]');
    expect(out).toContain(
      'fail: An error occurred while calling export fail of resource luares - see above for details',
    );
    expect(sim.output('luares')).toContain('SCRIPT ERROR: lua error');
  });

  it('function references die when the owning resource restarts', () => {
    const sim = simWithScripts();
    sim.add('a', "exports('getObj', () => ({ hello: () => 'hi' }));");
    sim.add(
      'b',
      "globalThis.obj = exports.a.getObj(); on('call', () => { try { console.log(obj.hello()) } catch (e) { console.log(e.message) } });",
    );
    sim.server.emit('call');
    sim.server.restart('a');
    sim.server.emit('call');
    expect(sim.output('b')).toEqual([
      'hi',
      "Error in nested ref call for b. b tried to call a function reference in a but the reference wasn't valid. (did a restart recently?)",
    ]);
  });
});
