// The plan book on its own, with a clock of the test's: what it holds stays bounded however many plans are
// confirmed, and a sent call's answer is let go once its token's lifetime is over, when it was sent kept.
import { describe, expect, it } from 'vitest';
import { MAX_SENT_REMEMBERED, PLAN_LIFETIME_MS, PlanBook } from '../src/plan-tokens.js';

describe('PlanBook', () => {
  it(`remembers the last ${MAX_SENT_REMEMBERED} calls sent: an older token is one it no longer knows, and sends nothing`, async () => {
    const book = new PlanBook<number>(() => 0);
    const tokens = Array.from({ length: MAX_SENT_REMEMBERED + 1 }, (_, i) => {
      const { token } = book.open('t', { i });
      expect(book.confirm(token, 't', { i }, async () => i).kind).toBe('sent');
      return token;
    });
    let sent = 0;
    const send = async () => ++sent;
    expect(book.confirm(tokens[0]!, 't', { i: 0 }, send)).toMatchObject({
      kind: 'refused',
      why: expect.stringContaining(`among its last ${MAX_SENT_REMEMBERED} calls sent`),
    });
    const last = book.confirm(tokens.at(-1)!, 't', { i: MAX_SENT_REMEMBERED }, send);
    expect(last.kind).toBe('replay');
    expect(await (last as { answer: Promise<number> }).answer).toBe(MAX_SENT_REMEMBERED);
    expect(sent).toBe(0);
  });

  it('lets a sent answer go after the lifetime, keeping when it was sent; one still on its way is kept', async () => {
    let now = 1_000;
    const book = new PlanBook<string>(() => now);
    const done = book.open('t', {});
    book.confirm(done.token, 't', {}, async () => 'done');
    let settle!: (value: string) => void;
    const slow = book.open('t', { slow: true });
    book.confirm(slow.token, 't', { slow: true }, () => new Promise((resolve) => (settle = resolve)));
    await Promise.resolve();
    now += PLAN_LIFETIME_MS;
    expect(book.confirm(done.token, 't', {}, async () => 'again')).toEqual({
      kind: 'sent-before',
      sentAt: 1_000,
      expiresAt: 1_000 + PLAN_LIFETIME_MS,
    });
    const waiting = book.confirm(slow.token, 't', { slow: true }, async () => 'again');
    expect(waiting.kind).toBe('replay');
    settle('slow');
    expect(await (waiting as { answer: Promise<string> }).answer).toBe('slow');
  });
});
