import { execFileSync } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, listenOn } from './free-port';

/**
 * A Web Push service on loopback, over HTTPS with a certificate made for the test: it holds each
 * subscription's browser keys (a P-256 key pair and the auth secret), checks every push's VAPID
 * JWT (RFC 8292: ES256 under the key in the Authorization header, aud the endpoint's origin, exp
 * in the future and within 24 h) and decrypts its aes128gcm body (RFC 8291 over RFC 8188),
 * as a browser's push service and the browser would together.
 */
export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload, parsed as JSON. */
  payload: Record<string, unknown>;
  claims: { aud: string; exp: number; sub: string };
  /** The `k=` of the Authorization header: the server's VAPID public key. */
  vapidKey: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface TestPushService {
  origin: string;
  /** The certificate (PEM) that clients must trust. */
  ca: string;
  /** Its file, for NODE_EXTRA_CA_CERTS. */
  caFile: string;
  received: ReceivedPush[];
  /** Refused pushes with the reason (a bad JWT or body fails the test that expects a push). */
  refused: string[];
  /** A new subscription, as `PushSubscription.toJSON()` gives it in a browser. */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Answer every push to this subscription with `status` (410: the browser dropped it). */
  answerWith(endpoint: string, status: number): void;
  /** Stop listening (the push service is down); `start()` listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1 made by openssl. */
function makeCertificate(): { key: string; cert: string; dir: string; certFile: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'rcc-push-ca-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), dir, certFile };
}

export async function startPushService(port = 0): Promise<TestPushService> {
  const tls = makeCertificate();
  const subscriptions = new Map<string, { ecdh: ECDH; auth: Buffer; status?: number }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let server: Server | undefined;
  // Below the ephemeral range, so that no connection takes it while the service is down.
  const boundPort = port || (await freePort());
  const origin = `https://127.0.0.1:${boundPort}`;

  const handler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const subscription = id ? subscriptions.get(id) : undefined;
      if (req.method !== 'POST' || !id || !subscription) return res.writeHead(404).end();
      if (subscription.status) return res.writeHead(subscription.status).end();
      try {
        const { claims, vapidKey } = checkVapid(String(req.headers.authorization ?? ''), origin);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('Content-Encoding is not aes128gcm');
        if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) throw new Error('no TTL header');
        const plaintext = decrypt(Buffer.concat(chunks), subscription.ecdh, subscription.auth);
        received.push({
          subscriptionId: id,
          payload: JSON.parse(plaintext.toString('utf8')) as Record<string, unknown>,
          claims,
          vapidKey,
          headers: req.headers,
        });
        res.writeHead(201, { Location: `${origin}/message/${randomUUID()}` }).end();
      } catch (error) {
        refused.push(error instanceof Error ? error.message : String(error));
        res.writeHead(400).end();
      }
    });
  };

  const listen = async () => {
    server = createServer({ key: tls.key, cert: tls.cert }, handler);
    await listenOn(server, boundPort);
  };
  const stop = async () => {
    const current = server;
    server = undefined;
    if (!current) return;
    current.closeAllConnections();
    await new Promise<void>((resolve) => current.close(() => resolve()));
  };
  await listen();

  return {
    origin,
    ca: tls.cert,
    caFile: tls.certFile,
    received,
    refused,
    subscribe() {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscriptions.set(id, { ecdh, auth });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    answerWith(endpoint, status) {
      const id = endpoint.split('/').pop()!;
      subscriptions.get(id)!.status = status;
    },
    stop,
    start: listen,
    async close() {
      await stop();
      rmSync(tls.dir, { recursive: true, force: true });
    },
  };
}

/** `vapid t=<jwt>, k=<public key>` (RFC 8292): the JWT must be signed by k, for this origin, not expired. */
function checkVapid(authorization: string, origin: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error(`Authorization is not "vapid t=…, k=…": ${authorization.slice(0, 40)}`);
  const [, jwt, vapidKey] = match as unknown as [string, string, string];
  const [header, body, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(vapidKey, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('The VAPID JWT signature does not verify under k');
  const alg = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string }).alg;
  if (alg !== 'ES256') throw new Error(`The VAPID JWT is ${alg}, not ES256`);
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ReceivedPush['claims'];
  const now = Date.now() / 1000;
  if (claims.aud !== origin) throw new Error(`aud is ${claims.aud}, not ${origin}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600 + 60))
    throw new Error(`exp ${claims.exp} is not within 24 h`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub} is not mailto: or https:`);
  return { claims, vapidKey };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 decryption of an aes128gcm body (RFC 8188 header: salt, rs, idlen, keyid = the sender's key). */
function decrypt(body: Buffer, ecdh: ECDH, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error('keyid is not the sender’s P-256 key');
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = hkdf(auth, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}
