import { describe, expect, it } from 'vitest';
import { testDatabases } from '../test/databases';
import { realPhotos, uploadPhoto, validQuote } from '../test/http';
import { serveOwnerInbox } from '../test/owner-inbox-site';

// The owner inbox API's requests once signed in: listed newest first with filters and a search,
// worked (status, notes, the detail, the photo), and exported as CSV. Signing in and sessions are
// tested in owner.test.ts.

describe.each(testDatabases)('the owner inbox API requests on $kind', (testDb) => {
  const { first, second, session, call, submitQuote } = serveOwnerInbox(testDb);

  it('lists requests newest first with filters and a search, and works a request', async () => {
    const cookie = await session();
    const tag = `t${Date.now()}`;
    const older = await submitQuote({ name: `Ana ${tag}`, city: 'Pine', phone: '(928) 555-0123' });
    const { jpeg } = await realPhotos();
    const photo = await uploadPhoto(first.base, jpeg, 'image/jpeg');
    const newer = await submitQuote({
      name: `Bo ${tag}`,
      city: 'Star Valley',
      email: `bo.${tag}@example.com`,
      message: 'Rotten fascia boards',
      photoUrl: photo.photoUrl,
    });
    type List = { items: { id: string; name: string; status: string; hasPhoto: boolean }[]; total: number };
    const list = async (query: string) => (await (await call(first.base, `/requests?${query}`, cookie)).json()) as List;

    const all = await list(`status=all&q=${tag}`);
    expect(all.items.map((item) => item.id)).toEqual([newer, older]);
    expect(all.items[0]).toMatchObject({ name: `Bo ${tag}`, status: 'new', hasPhoto: true });
    expect(all.items[1]).toMatchObject({ hasPhoto: false });
    expect(JSON.stringify(all)).not.toContain('555-0123');

    for (const [q, expected] of [
      ['star valley', [newer]],
      [`bo.${tag}@EXAMPLE`, [newer]],
      ['rotten FASCIA', [newer]],
      ['9285550123', [older]],
      ['555-0123', [older]],
      [`Ana ${tag}`, [older]],
      ['100%_nothing', []],
    ] as const) {
      const found = await list(`status=all&q=${encodeURIComponent(q)}`);
      expect(
        found.items.filter((item) => [older, newer].includes(item.id)).map((item) => item.id),
        q,
      ).toEqual(expected);
    }

    const changed = await call(first.base, `/requests/${newer}`, cookie, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'quoted' }),
    });
    expect(changed.status).toBe(200);
    expect((await list(`status=quoted&q=${tag}`)).items.map((item) => item.id)).toEqual([newer]);
    expect((await list(`status=new&q=${tag}`)).items.map((item) => item.id)).toEqual([older]);
    const badStatus = await call(first.base, `/requests/${newer}`, cookie, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'archived' }),
    });
    expect(badStatus.status).toBe(400);

    const note = await call(first.base, `/requests/${newer}/notes`, cookie, {
      method: 'POST',
      body: JSON.stringify({ body: '  Called, quote Friday.  ' }),
    });
    expect(note.status).toBe(201);
    const empty = await call(first.base, `/requests/${newer}/notes`, cookie, {
      method: 'POST',
      body: JSON.stringify({ body: '   ' }),
    });
    expect(empty.status).toBe(400);

    const detail = (await (await call(second.base, `/requests/${newer}`, cookie)).json()) as Record<string, unknown>;
    expect(detail).toMatchObject({
      name: `Bo ${tag}`,
      phone: validQuote.phone,
      email: `bo.${tag}@example.com`,
      projectType: validQuote.projectType,
      city: 'Star Valley',
      budgetRange: validQuote.budgetRange,
      message: 'Rotten fascia boards',
      photoUrl: photo.photoUrl,
      status: 'quoted',
      spamReason: null,
    });
    expect(detail.notes).toEqual([
      { id: expect.any(String), body: 'Called, quote Friday.', author: 'owner', createdAt: expect.any(String) },
    ]);

    // The photo: on local disk, a redirect to the site's own photo path, which serves it.
    const photoResponse = await call(first.base, `/requests/${newer}/photo`, cookie, { redirect: 'manual' });
    expect(photoResponse.status).toBe(302);
    expect(photoResponse.headers.get('location')).toBe(photo.photoUrl);
    expect(photoResponse.headers.get('cache-control')).toBe('private, max-age=240');
    expect((await call(first.base, `/requests/${older}/photo`, cookie)).status).toBe(404);
    expect((await call(first.base, '/requests/not-a-uuid', cookie)).status).toBe(404);
    expect((await call(first.base, '/requests/00000000-0000-4000-8000-000000000000', cookie)).status).toBe(404);
  });

  it('exports the current filter as CSV with a byte order mark and neutralised formulas', async () => {
    const cookie = await session();
    const tag = `csv${Date.now()}`;
    const id = await submitQuote({ name: `=1+2 ${tag}`, city: '@Payson', message: 'Line one\nLine "two"' });
    const other = await submitQuote({ name: `Plain ${tag}` });
    await call(first.base, `/requests/${other}`, cookie, { method: 'PATCH', body: JSON.stringify({ status: 'won' }) });

    const response = await call(first.base, `/requests/export.csv?status=new&q=${tag}`, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="quote-requests-new-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    const [header, ...rest] = text.split('\r\n');
    expect(header).toBe(
      '"Received (Arizona time)","Status","Name","Phone","Email","Project type","City","Budget","Message","Photo","Notes","ID","Source","Medium","Campaign","Landing page","Referrer",' +
        '"Estimate amount","Job value","Lost reason","Won date (Arizona time)"',
    );
    expect(text).toContain(`"'=1+2 ${tag}"`);
    expect(text).toContain(`"'@Payson"`);
    expect(text).toContain('"Line one\nLine ""two"""');
    expect(text).toContain(id);
    expect(text).not.toContain(other);
    expect(rest.at(-1)).toBe('');

    const won = await (await call(first.base, `/requests/export.csv?status=won&q=${tag}`, cookie)).text();
    expect(won).toContain(other);
    expect(won).toContain('"Won"');
    expect(won).not.toContain(id);
  });
});
