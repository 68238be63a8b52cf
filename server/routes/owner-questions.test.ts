import { describe, expect, it } from 'vitest';
import type { InboxList, RequestDetail } from '@shared/schemas/owner-inbox';
import { testDatabases } from '../test/databases';
import { jsonHeaders, serveOwnerInbox } from '../test/owner-inbox-site';

// A homeowner's question, asked on her estimate's page, waits for the owner: her request is in
// the New filter and its count whatever its status, its row says when she asked, and the request
// says so until he answers it or marks it answered. Estimates themselves: estimates.test.ts.

describe.each(testDatabases)('a homeowner’s question waits for the owner on $kind', (testDb) => {
  const { first, session, call, submitQuote } = serveOwnerInbox(testDb);

  it('puts a quoted request with a question in the New filter and count until he marks it answered', async () => {
    const cookie = await session();
    const tag = `q${Date.now()}`;
    const id = await submitQuote({ name: `Quinn ${tag}` });
    const created = (await (
      await call(first.base, `/requests/${id}/estimates`, cookie, {
        method: 'POST',
        body: JSON.stringify({ items: [{ description: 'Cedar deck, 12 x 16 ft', quantity: 1, unitPrice: 4800 }] }),
      })
    ).json()) as { id: string; url: string };
    expect((await call(first.base, `/estimates/${created.id}/send`, cookie, { method: 'POST' })).status).toBe(200);
    const list = async (status: string) =>
      (await (await call(first.base, `/requests?status=${status}`, cookie)).json()) as InboxList;
    const detail = async () => (await (await call(first.base, `/requests/${id}`, cookie)).json()) as RequestDetail;

    // Sent, the request is Quoted: out of New, nothing waits.
    const before = await list('new');
    expect(before.items.map((item) => item.id)).not.toContain(id);
    expect((await detail()).questionAt).toBeNull();

    const asked = await fetch(`${first.base}${new URL(created.url).pathname}/question`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ message: 'Is the railing stained too?' }),
    });
    expect(asked.status).toBe(200);

    const waiting = await list('new');
    const row = waiting.items.find((item) => item.id === id);
    expect(row).toMatchObject({ status: 'quoted', questionAt: expect.any(String) });
    expect(waiting.counts.new).toBe(before.counts.new + 1);
    expect(waiting.counts.quoted).toBe(before.counts.quoted);
    const open = await detail();
    expect(open.questionAt).toBe(row!.questionAt);
    expect(open.notes.find((note) => note.author === 'homeowner')).toMatchObject({
      body: 'Is the railing stained too?',
      answeredAt: null,
    });

    // Only the owner marks it: a stranger gets 401, an unknown request 404.
    expect((await call(first.base, `/requests/${id}/question-answered`, undefined, { method: 'POST' })).status).toBe(
      401,
    );
    expect(
      (
        await call(first.base, '/requests/00000000-0000-4000-8000-000000000000/question-answered', cookie, {
          method: 'POST',
        })
      ).status,
    ).toBe(404);
    expect((await call(first.base, `/requests/${id}/question-answered`, cookie, { method: 'POST' })).status).toBe(204);

    const after = await list('new');
    expect(after.items.map((item) => item.id)).not.toContain(id);
    expect(after.counts.new).toBe(before.counts.new);
    const answered = await detail();
    expect(answered.questionAt).toBeNull();
    expect(answered.status).toBe('quoted');
    expect(answered.notes.find((note) => note.author === 'homeowner')!.answeredAt).toEqual(expect.any(String));
    // Still in its own status's filter.
    expect((await list('quoted')).items.map((item) => item.id)).toContain(id);
  });

  it('takes the Question mark off once he sends a revised estimate, whose e-mail answers it', async () => {
    const cookie = await session();
    const id = await submitQuote({ name: `Rae q${Date.now()}` });
    const estimate = async () =>
      (await (
        await call(first.base, `/requests/${id}/estimates`, cookie, {
          method: 'POST',
          body: JSON.stringify({ items: [{ description: 'Pine mantel, 6 ft', quantity: 1, unitPrice: 900 }] }),
        })
      ).json()) as { id: string; url: string };
    const send = async (estimateId: string) =>
      expect((await call(first.base, `/estimates/${estimateId}/send`, cookie, { method: 'POST' })).status).toBe(200);
    const firstVersion = await estimate();
    await send(firstVersion.id);
    const asked = await fetch(`${first.base}${new URL(firstVersion.url).pathname}/question`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ message: 'Could it be oak instead?' }),
    });
    expect(asked.status).toBe(200);
    const detail = async () => (await (await call(first.base, `/requests/${id}`, cookie)).json()) as RequestDetail;
    expect((await detail()).questionAt).toEqual(expect.any(String));

    const revised = (await (
      await call(first.base, `/estimates/${firstVersion.id}/revise`, cookie, { method: 'POST' })
    ).json()) as { id: string };
    await send(revised.id);
    expect((await detail()).questionAt).toBeNull();
  });
});
