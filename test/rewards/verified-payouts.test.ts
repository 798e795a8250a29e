import { describe, expect, it } from 'vitest';
import { createFakeHost } from '../../devkit/fakes/frameworks/host';
import { createAdapter } from '../../src/rewards/base';
import { outcomeUnknown, PAID, refuse } from '../../src/rewards/call';
import type { PayoutContext, PayoutResult, Reading } from '../../src/rewards/types';

const ctx: PayoutContext = { source: 3, name: 'Ida', license: 'license:3', voteId: 'vote-5' };

/** An adapter over a bank of 100 whose paying call does `effect` and answers `answer` (or throws it). */
const bankAdapter = (options: {
  effect: number;
  answer: PayoutResult | Error;
  after?: Reading;
  before?: Reading;
}) => {
  let bank = 100;
  const events: string[] = [];
  let reads = 0;
  const adapter = createAdapter({
    name: 'qbcore',
    host: createFakeHost().host,
    isPlayerReady: async () => true,
    async readMoney() {
      reads += 1;
      events.push('read');
      if (reads === 1 && options.before) return options.before;
      if (reads === 2 && options.after) return options.after;
      return { ok: true, value: bank };
    },
    async giveMoney() {
      events.push('pay');
      bank += options.effect;
      if (options.answer instanceof Error) throw options.answer;
      return options.answer;
    },
  });
  return { adapter, events, bank: () => bank };
};

const unanswered = refuse({
  code: 'outcome_unknown',
  detail: 'vRP.giveBankMoney gave no answer',
  unanswered: true,
});

describe('verified payouts: what moved decides, whatever the call answered', () => {
  it.each([
    { label: 'success and +10', effect: 10, answer: PAID, code: 'paid' },
    {
      label: 'a raise after crediting, +10',
      effect: 10,
      answer: new Error('ox_inventory stopped'),
      code: 'paid',
    },
    {
      label: 'a refusal, yet +10',
      effect: 10,
      answer: refuse({ code: 'framework_error', detail: 'false' }),
      code: 'paid',
    },
    { label: 'success, yet unchanged', effect: 0, answer: PAID, code: 'framework_error' },
    { label: 'a raise, unchanged', effect: 0, answer: new Error('invalid account'), code: 'framework_error' },
    {
      label: 'a finished call of unknown outcome, unchanged',
      effect: 0,
      answer: outcomeUnknown('lost'),
      code: 'framework_error',
    },
    { label: 'no answer (may still run), unchanged', effect: 0, answer: unanswered, code: 'outcome_unknown' },
    { label: 'success, +11 (another script added 1)', effect: 11, answer: PAID, code: 'outcome_unknown' },
    { label: 'success, -20 (another script spent)', effect: -20, answer: PAID, code: 'outcome_unknown' },
    { label: 'a partial credit, +4', effect: 4, answer: PAID, code: 'outcome_unknown' },
    {
      label: 'success, then the balance cannot be read',
      effect: 10,
      answer: PAID,
      after: { ok: false, detail: 'qb-core restarting' } as const,
      code: 'outcome_unknown',
    },
  ])('bank 10 answered with $label → $code', async ({ effect, answer, after, code }) => {
    const { adapter } = bankAdapter({ effect, answer, after });
    const result = await adapter.give(ctx, { type: 'bank', amount: 10 });
    if (code === 'paid') expect(result).toEqual({ ok: true });
    else expect(result).toMatchObject({ ok: false, problem: { code } });
  });

  it('reads before the call, hands the reading to the journal hook, then pays and reads again', async () => {
    const { adapter, events } = bankAdapter({ effect: 10, answer: PAID });
    await adapter.give(
      ctx,
      { type: 'bank', amount: 10 },
      { before: (value) => events.push(`journal ${value}`) },
    );
    expect(events).toEqual(['read', 'journal 100', 'pay', 'read']);
  });

  it('a balance that cannot be read before paying stops the payout: nothing is called, nothing journalled', async () => {
    const { adapter, events } = bankAdapter({
      effect: 10,
      answer: PAID,
      before: { ok: false, detail: 'no GetMoney' },
    });
    const result = await adapter.give(
      ctx,
      { type: 'bank', amount: 10 },
      { before: () => events.push('journal') },
    );
    expect(result).toEqual({
      ok: false,
      problem: {
        code: 'framework_error',
        detail: 'the bank balance (qbcore) could not be read before paying (no GetMoney); nothing was called',
      },
    });
    expect(events).toEqual(['read']);
  });

  it.each([
    { label: 'moved by the amount since the reading', before: 90, code: 'paid' },
    { label: 'unchanged since the reading', before: 100, code: 'not_paid' },
    { label: 'moved by something else', before: 95, code: 'unknown' },
  ])('after a restart, a balance $label says $code', async ({ before, code }) => {
    const { adapter } = bankAdapter({ effect: 0, answer: PAID });
    expect(await adapter.confirm?.(ctx, { type: 'bank', amount: 10 }, before)).toMatchObject({ code });
  });

  it('after a restart, a custom reward leaves nothing to read: unknown', async () => {
    const { adapter } = bankAdapter({ effect: 0, answer: PAID });
    expect(adapter.verifies?.({ type: 'custom', event: 'x' })).toBe(false);
    expect(await adapter.confirm?.(ctx, { type: 'custom', event: 'x' }, 0)).toMatchObject({
      code: 'unknown',
    });
  });
});
