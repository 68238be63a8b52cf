import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuoteForAlert } from './types';
import { sendWebhook, signWebhook, webhookBody } from './webhook';

const secret = 'a-webhook-secret-of-some-length';

const quote: QuoteForAlert = {
  id: '3f1c2a4e-8d5b-4c6a-9e7f-0a1b2c3d4e5f',
  // Accents make the body's UTF-8 bytes differ from its JS string length.
  name: 'José Núñez',
  phone: '(928) 555-0199',
  email: 'jose@example.com',
  projectType: 'Deck',
  city: 'Payson',
  budgetRange: '$10,000 - $25,000',
  message: 'Line one\nLine two',
  photoUrl: 'https://www.rimcountrycarpentry.example/api/objects/9c5b94b1-35ad-49bb-b118-8e8fc24abf80',
  receivedAt: new Date('2026-07-04T21:05:00.000Z'),
};

interface Received {
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

const servers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function listen(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/quotes`;
}

/** A receiver that keeps the raw body of every request and answers `status`. */
async function receiver(status = 204): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const url = await listen((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, raw: Buffer.concat(chunks) });
      response.writeHead(status, { 'Content-Type': 'text/plain' }).end('thanks');
    });
  });
  return { url, received };
}

/** What a receiver should do: recompute the HMAC over the raw bytes and compare in constant time. */
function signatureIsValid(raw: Buffer, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{64}$/.test(header)) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(header, 'hex'));
}

describe('webhook', () => {
  it('builds the JSON body with every field', () => {
    expect(JSON.parse(webhookBody(quote))).toEqual({
      event: 'quote_request.created',
      id: quote.id,
      receivedAt: '2026-07-04T21:05:00.000Z',
      name: 'José Núñez',
      phone: '(928) 555-0199',
      email: 'jose@example.com',
      projectType: 'Deck',
      city: 'Payson',
      budgetRange: '$10,000 - $25,000',
      message: 'Line one\nLine two',
      photoUrl: quote.photoUrl,
    });
    // Receivers may read the body in order: the documented key order holds.
    expect(Object.keys(JSON.parse(webhookBody(quote, 'https://signed.example/p')))).toEqual([
      'event',
      'id',
      'receivedAt',
      'name',
      'phone',
      'email',
      'projectType',
      'city',
      'budgetRange',
      'message',
      'photoUrl',
    ]);
    expect(JSON.parse(webhookBody({ ...quote, photoUrl: null, message: null }))).toMatchObject({
      message: null,
      photoUrl: null,
    });
    expect(JSON.parse(webhookBody(quote, 'https://signed.example/p?sig=1')).photoUrl).toBe(
      'https://signed.example/p?sig=1',
    );
  });

  it('posts a signed body the receiver can verify', async () => {
    const { url, received } = await receiver(204);
    const body = webhookBody(quote);
    await sendWebhook({ url, secret, body, deliveryId: 'delivery-42' });

    expect(received).toHaveLength(1);
    const { headers, raw } = received[0]!;
    expect(signatureIsValid(raw, headers['x-signature-sha256'])).toBe(true);
    expect(headers['x-signature-sha256']).toBe(signWebhook(secret, raw));
    expect(headers['x-delivery-id']).toBe('delivery-42');
    expect(headers['content-type']).toBe('application/json');
    expect(headers['user-agent']).toBe('RimCountryCarpentry-Alerts/1');
    expect(JSON.parse(raw.toString('utf8'))).toMatchObject({
      event: 'quote_request.created',
      id: quote.id,
      name: 'José Núñez',
      email: 'jose@example.com',
    });
    // A body changed on the way no longer matches.
    expect(signatureIsValid(Buffer.from(raw.toString().replace('Deck', 'Fence')), headers['x-signature-sha256'])).toBe(
      false,
    );
  });

  it('leaves the signature out when no secret is configured', async () => {
    const { url, received } = await receiver(200);
    await sendWebhook({ url, body: webhookBody(quote), deliveryId: 'delivery-43' });
    expect(received[0]!.headers['x-signature-sha256']).toBeUndefined();
    expect(received[0]!.headers['x-delivery-id']).toBe('delivery-43');
  });

  it('rejects when the receiver answers 500', async () => {
    const { url } = await receiver(500);
    await expect(sendWebhook({ url, secret, body: webhookBody(quote), deliveryId: 'd' })).rejects.toThrow(
      'Webhook answered 500',
    );
  });

  it('does not follow a redirect', async () => {
    const url = await listen((_request, response) => response.writeHead(307, { Location: '/elsewhere' }).end());
    await expect(sendWebhook({ url, secret, body: webhookBody(quote), deliveryId: 'd' })).rejects.toThrow(
      'Webhook answered 307',
    );
  });

  it('rejects when nothing listens', async () => {
    const url = await listen(() => {});
    await servers.pop()!.close();
    await expect(sendWebhook({ url, secret, body: webhookBody(quote), deliveryId: 'd' })).rejects.toThrow(
      'Webhook unreachable: ECONNREFUSED',
    );
  });

  it('rejects after the timeout when the receiver never answers, and hangs up on it', async () => {
    // Order, not time: the receiver has the request, the send gives up, and the connection it
    // left is closed rather than held open.
    const events: string[] = [];
    const url = await listen((request) => {
      events.push('received');
      request.socket.once('close', () => events.push('closed'));
    });
    await expect(
      sendWebhook({ url, secret, body: webhookBody(quote), deliveryId: 'd', timeoutMs: 300 }),
    ).rejects.toThrow('Webhook timed out after 300 ms');
    events.push('rejected');
    await vi.waitFor(() => expect(events).toContain('closed'));
    expect(events[0]).toBe('received');
    expect(events).toHaveLength(3);
  });
});
