import { brotliCompressSync, constants } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  forwardToUrl,
  type RawHttpServer,
  type RawReply,
  rawAnswer,
  startRawHttpServer,
} from '../../devkit/fakes/raw-http-server';
import type { NodeProfile } from '../../devkit/fxserver';
import { createE2e, type E2e } from '../../devkit/worlds/e2e-harness';

const THANKS = 'Thanks for voting! You received 500$ in cash.';
const MISBEHAVING = 'The vote site is misbehaving; nothing was lost, try again later.';
const ADMIN_LINE = 'vote-reward: the vote API is misbehaving: ';

/** 4 MiB of spaces in a few KiB of brotli: `fetch` inflates it; FXServer's HTTP native does not decompress. */
const BOMB = brotliCompressSync(Buffer.alloc(4 * 1024 * 1024, ' '), {
  params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
});
const brotliBomb = () =>
  rawAnswer(
    200,
    [
      ['content-encoding', 'br'],
      ['content-length', String(BOMB.length)],
    ],
    BOMB,
  );
/** 1 MiB plain: over the cap on both transports. */
const oversized = () =>
  rawAnswer(200, [['content-type', 'application/json']], Buffer.alloc(1024 * 1024, ' '));

interface Proxied {
  w: E2e;
  /** Replaces the next `times` answers of `path`, after letting the mock handle them when `apply` is set. */
  replace(path: string, reply: () => RawReply, options?: { times?: number; apply?: boolean }): void;
}

let world: E2e | null = null;
let proxy: RawHttpServer | null = null;
afterEach(async () => {
  await world?.close();
  await proxy?.close();
  world = null;
  proxy = null;
});

/** The built bundle in the simulated FXServer, its apiUrl pointing at a proxy on 127.0.0.1 in front of the mock. */
async function proxiedWorld(profile: NodeProfile): Promise<Proxied> {
  let target = '';
  const replacements = new Map<string, { reply: () => RawReply; left: number; apply: boolean }>();
  proxy = await startRawHttpServer(async (request) => {
    const replacement = replacements.get(request.url.split('?')[0] ?? '');
    if (!replacement || replacement.left <= 0) return forwardToUrl(target, request);
    replacement.left -= 1;
    if (replacement.apply) await forwardToUrl(target, request);
    return replacement.reply();
  });
  const w = await createE2e({
    framework: 'esx',
    profile,
    config: { reward: { type: 'money', amount: 500 }, apiUrl: proxy.baseUrl, poll: { enabled: false } },
    start: false,
  });
  world = w;
  target = w.mock.url;
  await w.restart();
  return {
    w,
    replace(path, reply, options = {}) {
      replacements.set(path, { reply, left: options.times ?? 1, apply: options.apply ?? false });
    },
  };
}

/**
 * Moves simulated time in small steps with real pauses between them: the simulator counts a fetch as I/O in flight
 * only until its headers, so a body still streaming over the socket must be given real time before the clock jumps
 * to the request timeout.
 */
async function stepUntil(w: E2e, predicate: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !predicate(); i += 1) {
    await w.realWait(5);
    await w.advance(50);
  }
  expect(predicate()).toBe(true);
}

const adminLines = (w: E2e) => w.output().filter((line) => line.startsWith(ADMIN_LINE));

describe.each([
  ['node22 (fetch)', 'node22' as const, brotliBomb],
  ['node16 (HTTP native)', 'node16' as const, oversized],
])('built bundle, %s: API answers too large to read', (_label, profile, hostile) => {
  it('a /vote whose check is answered too large: the server lives, nothing is paid or lost, the player is told, one admin line for the episode', async () => {
    const { w, replace } = await proxiedWorld(profile);
    await w.vote('Steve');
    const steve = await w.join('Steve');
    replace('/api/v1/vote/check', hostile, { times: 2 });

    for (let i = 0; i < 2; i += 1) {
      w.type(steve, '/vote');
      await stepUntil(w, () => w.messages(steve).length === i + 1);
      await w.advance(11_000);
    }
    expect(w.server.dead).toBe(false);
    expect(w.messages(steve)).toEqual([MISBEHAVING, MISBEHAVING]);
    expect(w.ledger()).toEqual([]);
    expect(w.unclaimed('Steve')).toHaveLength(1);
    expect(adminLines(w)).toHaveLength(1);

    w.type(steve, '/vote');
    await w.until(() => w.ledger().length > 0);
    expect(w.messages(steve).at(-1)).toBe(THANKS);
    expect(w.ledger()).toHaveLength(1);
  });

  it('a claim answered too large after the mock claimed the vote: decided by checking again, paid exactly once', async () => {
    const { w, replace } = await proxiedWorld(profile);
    await w.vote('Steve');
    const steve = await w.join('Steve');
    replace('/api/v1/vote/claim', hostile, { apply: true });

    w.type(steve, '/vote');
    await stepUntil(w, () => w.ledger().length > 0);
    await w.advance(30_000);
    expect(w.server.dead).toBe(false);
    expect(w.ledger()).toHaveLength(1);
    expect(w.messages(steve)).toEqual([THANKS]);
    expect(w.unclaimed('Steve')).toEqual([]);
    expect(adminLines(w)).toHaveLength(1);
  });
});
