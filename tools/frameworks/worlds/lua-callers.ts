/**
 * Lua callers of vote-reward's exports: the project's real resource (src/resource.ts createResource) runs on a
 * Runtime backed by the harness (tools/frameworks/runtime.ts) over real vRP 1.0, with the real mock vote API in
 * process; a Lua resource of ours (test/frameworks/lua-callers/) calls the exports and listens to
 * `vote-reward:rewarded`, and reports what Lua received.
 */

import { createMockVoteApi, type MockVoteApi } from '../../../devkit/fakes/mock-transport';
import { createResource } from '../../../src/resource';
import { createHarnessRuntime, type HarnessRuntime } from '../runtime';
import { defineWorld, type ScenarioContext } from '../world';
import vrp1 from './vrp1';

const CONFIG = {
  apiUrl: 'https://votes.example',
  framework: 'vrp',
  vrp: { variant: 'vrp1' },
  reward: [
    { type: 'money', amount: 500 },
    { type: 'item', item: 'water', count: 2 },
    { type: 'custom', event: 'myserver:voteGift' },
  ],
  poll: { enabled: false },
};

interface Booted {
  runtime: HarnessRuntime;
  api: MockVoteApi;
}

/**
 * Starts vote-reward (JS) on the world: a stub resource named vote-reward whose exports are the real ones.
 * `beforeClaim` runs when the claim request reaches the mock API, after vote-reward's checks at the player.
 */
async function startVoteReward(
  ctx: ScenarioContext,
  config: object = CONFIG,
  beforeClaim?: () => void,
): Promise<Booted> {
  const { server } = ctx;
  server.addStubResource('vote-reward', { version: ['harness'] });
  let api: MockVoteApi | undefined;
  const runtime = createHarnessRuntime(server, {
    resourceName: 'vote-reward',
    files: { 'config.json': JSON.stringify(config) },
    convars: {},
    nativesVia: 'lua-callers',
    fetch: async (input, init) => {
      if (String(input).endsWith('/api/v1/vote/claim')) beforeClaim?.();
      const answer = await (api as MockVoteApi).request({
        method: (init?.method ?? 'GET') as 'GET' | 'POST',
        url: String(input),
        headers: init?.headers as Record<string, string>,
        body: init?.body as string | undefined,
        timeoutMs: 5000,
      });
      return new Response(answer.status === 204 ? null : answer.body, {
        status: answer.status,
        headers: answer.headers,
      });
    },
  });
  api = createMockVoteApi({ now: runtime.now });
  (runtime as { convar: (name: string) => string | null }).convar = (name) =>
    name === 'vote_reward_api_key' ? (api as MockVoteApi).apiKey : null;
  await runtime.pump(createResource(runtime).start());
  return { runtime, api };
}

/** Triggers `event` for the Lua resource and waits (virtual time) until it reported `count` results. */
async function ask(
  ctx: ScenarioContext,
  booted: Booted,
  results: Array<[string, boolean, unknown]>,
  event: string,
  ...args: unknown[]
): Promise<void> {
  const before = results.length;
  ctx.server.emit(event, ...args);
  await booted.runtime.pump(
    new Promise<void>((resolve) => {
      const check = () => (results.length > before ? resolve() : setImmediate(check));
      check();
    }),
  );
  await booted.runtime.pump(Promise.resolve());
}

/** Vote ids and the key's last characters are random per run: replaced so that transcripts stay identical. */
function stable(value: unknown, api: () => MockVoteApi | undefined): unknown {
  const mock = api();
  let text = JSON.stringify(value) ?? 'null';
  for (const [i, vote] of (mock?.votes() ?? []).entries())
    text = text.split(vote.voteId).join(`<vote ${i + 1}>`);
  if (mock) text = text.split(mock.apiKey.slice(-4)).join('<key>');
  return JSON.parse(text);
}

/** The server console with vote ids replaced (the Lua prints name them). */
function stableConsole(ctx: ScenarioContext, api: MockVoteApi): void {
  const lines = ctx.server.console.splice(0).map((line) => String(stable(line, () => api)));
  ctx.server.console.push(...lines);
}

/** vote-reward's own console as a note, then the server console made stable (vote ids replaced in both). */
function noteConsoles(ctx: ScenarioContext, booted: Booted): void {
  ctx.note(
    'vote-reward console',
    stable(booted.runtime.lines, () => booted.api),
  );
  stableConsole(ctx, booted.api);
}

/** Starts vote-reward with `config`, collecting what Lua reports, and adds a vote for Alice. */
async function bootWithAliceVote(
  ctx: ScenarioContext,
  config: object = CONFIG,
  beforeClaim?: () => void,
): Promise<{ booted: Booted; results: Array<[string, boolean, unknown]> }> {
  let booted: Booted | undefined;
  const results = collect(ctx, () => booted?.api);
  booted = await startVoteReward(ctx, config, beforeClaim);
  booted.api.addVote('Alice');
  return { booted, results };
}

function collect(
  ctx: ScenarioContext,
  api: () => MockVoteApi | undefined,
): Array<[string, boolean, unknown]> {
  const results: Array<[string, boolean, unknown]> = [];
  ctx.server.on('lua-callers:result', (label, ok, shape) => {
    results.push([String(label), ok === true, shape]);
    ctx.note(`lua ${String(label)}`, stable(ok === true ? shape : { raised: shape }, api));
  });
  return results;
}

export default defineWorld({
  ...vrp1,
  name: 'lua-callers',
  description:
    "vote-reward's exports called from Lua: the real resource (createResource over a harness Runtime, the real mock API in process, framework vrp / variant vrp1, rewards 500 cash + 2 water) on real vRP 1.0, and test/frameworks/lua-callers/. Notes `lua <label>` hold the shape of what Lua received (numbers as integer/float, nil spelt out, '#' = length).",
  own: { ...vrp1.own, 'lua-callers': 'test/frameworks/lua-callers' },
  scenarios: [
    {
      name: 'exports-in-event-handlers',
      description:
        'From an event handler (a thread): check, claim (pays through vRP 1; vote-reward:rewarded reaches Lua), getPending, getServerInfo, getVoteCount, claim again (no vote), check and claim for Bob (not loaded in vRP).',
      async run(ctx) {
        const { booted, results } = await bootWithAliceVote(ctx);
        for (const [name, ...args] of [
          ['check', 1],
          ['claim', 1],
          ['getPending'],
          ['getServerInfo'],
          ['getVoteCount'],
        ] as const) {
          await ask(ctx, booted, results, 'lua-callers:call', name, ...args);
        }
        booted.api.addVote('Bob');
        await ask(ctx, booted, results, 'lua-callers:call-in-thread', 'claim', 2);
        await ask(ctx, booted, results, 'lua-callers:call-in-thread', 'getPending');
        noteConsoles(ctx, booted);
      },
    },
    {
      name: 'pending-entry',
      description:
        "A reward that stays owed, to see getPending's entries from Lua: the reward is 2 water (0.5 each) and Alice's inventory is empty when vote-reward checks it, then she picks up 59 water (29.5 of her 30) while the claim request is in flight, so the claim is made at the site and the payout finds no room.",
      async run(ctx) {
        const { booted, results } = await bootWithAliceVote(
          ctx,
          { ...CONFIG, reward: { type: 'item', item: 'water', count: 2 } },
          () => ctx.server.probe('vrp', "vRP.giveInventoryItem(1, 'water', 59, false)"),
        );
        await ask(ctx, booted, results, 'lua-callers:call', 'claim', 1);
        await ask(ctx, booted, results, 'lua-callers:call', 'getPending');
        noteConsoles(ctx, booted);
      },
    },
    {
      name: 'outside-a-thread',
      description:
        "The same exports called from the resource's main thread (not inside CreateThread, an event or a command): an export that answers later cannot be waited for there and raises; getPending, which answers at once, works.",
      async run(ctx) {
        await startVoteReward(ctx);
        for (const name of ['getServerInfo', 'check', 'getPending']) {
          const [ok, value] = ctx.server.probe(
            'lua-callers',
            `local ok, v = pcall(function() return exports['vote-reward']:${name}(1) end) return ok, type(v) == 'table' and #v or v`,
          ) as [boolean, unknown];
          ctx.note(`main thread ${name}`, ok ? { returned: value ?? 'nil' } : { raised: String(value) });
        }
        ctx.note(
          'harness',
          'the error text is the harness\'s; in FiveM the function reference\'s __call (scheduler.lua) awaits the async answer with Citizen.Await, whose coroutine.yield fails outside a coroutine, and the exports wrapper raises "An error occurred while calling export `<name>` in resource `vote-reward`: ..." with it. Either way the call raises; it never returns nil.',
        );
      },
    },
    {
      name: 'readme-snippets',
      description:
        "The owner README's Lua examples run as written: the vote-reward:rewarded handler (prints the player, the vote and each item) and getServerInfo inside CreateThread; their prints are this scenario's console.",
      async run(ctx) {
        const { booted, results } = await bootWithAliceVote(ctx);
        await ask(ctx, booted, results, 'lua-callers:call', 'claim', 1);
        ctx.server.emit('lua-callers:readme');
        await booted.runtime.pump(new Promise<void>((resolve) => setTimeout(resolve, 200)));
        stableConsole(ctx, booted.api);
      },
    },
  ],
});
