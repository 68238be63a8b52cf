import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { packageRoot } from '../server/package-root';
import { ensureEngine, ensureImages, run, runShown } from './container/engine';
import { request } from './container/https';
import * as site from './container/site-checks';

/**
 * `npm run test:container` (not part of `npm test`): the container image and compose.yaml as the
 * owner runs them, on this machine's loopback with DOMAIN=localhost (Caddy's own certificate
 * authority). Installs and starts a container engine when there is none, builds stand-ins for the
 * base images when no registry serves them (engine.ts), builds the image, starts compose and
 * checks what issue 56 asks for: HTTPS with canonical links on the domain, HTTP redirected, the
 * set-up link from the log, a quote with a photo surviving `down` and `up`, the 512 MB limit
 * through 32 connections of page loads and a 12-megapixel publish, a non-root server that drains
 * on SIGTERM, the same image serving another SITE_URL, and the postgres profile. Ends with "N passed, N failed"; the
 * containers and volumes it made are removed, the images kept for the next run.
 */
const root = packageRoot(import.meta.dirname);
const image = 'rim-country-carpentry';
const project = 'rcc-container-test';
const other = `${project}-other`;
const domain = 'localhost';
const password = 'container-owner-password-long-enough';
const memoryLimit = 512 * 1024 * 1024;

const results: { name: string; ok: boolean; detail: string }[] = [];
async function check(name: string, work: () => Promise<string | void>): Promise<void> {
  try {
    const detail = (await work()) ?? '';
    results.push({ name, ok: true, detail });
    console.log(`container: ok     ${name}${detail ? `: ${detail}` : ''}`);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    results.push({ name, ok: false, detail });
    console.log(`container: FAILED ${name}: ${detail}`);
  }
}

async function waitFor<T>(
  what: string,
  seconds: number,
  probe: () => Promise<T | undefined> | T | undefined,
): Promise<T> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const found = await Promise.resolve(probe()).catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`${what}: not within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const { compose, stop } = await ensureEngine();
const envFile = path.join(os.tmpdir(), `${project}.env`);
// The owner's .env, as compose reads it for the site (what .env.example leaves set: the two lines).
writeFileSync(envFile, `DOMAIN=${domain}\nOWNER_EMAIL=owner@example.com\n`);
const composeEnv = {
  DOMAIN: domain,
  OWNER_EMAIL: 'owner@example.com',
  LISTEN_ADDRESS: '127.0.0.1',
  SITE_ENV_FILE: envFile,
};
Object.assign(process.env, composeEnv);
const dc = (args: string[], input?: string) =>
  run(compose[0]!, [...compose.slice(1), '-p', project, '-f', path.join(root, 'compose.yaml'), ...args], { input });
const dcShown = (args: string[]) =>
  runShown(compose[0]!, [...compose.slice(1), '-p', project, '-f', path.join(root, 'compose.yaml'), ...args]);
const containerOf = (service: string) => dc(['ps', '-q', service]).stdout.trim();
const inspect = (id: string, format: string) => run('docker', ['inspect', '-f', format, id]).stdout.trim();

try {
  ensureImages(root);
  // The host's network for the build: its `npm ci` reaches the registry as this machine does.
  runShown('docker', ['build', '--network', 'host', '-t', image, root]);
  dc(['down', '-v']);
  run('docker', ['rm', '-f', '-v', other]);
  dcShown(['up', '-d']);
  const ca = await waitFor("Caddy's authority", 60, () => {
    const answer = dc(['exec', '-T', 'caddy', 'cat', '/data/caddy/pki/authorities/local/root.crt']);
    return answer.code === 0 && answer.stdout.includes('BEGIN CERTIFICATE') ? answer.stdout : undefined;
  });
  const on: site.Site = { base: `https://${domain}`, ca };
  const home = await waitFor('the home page over HTTPS', 180, async () => {
    const answer = await request(`${on.base}/`, { ca });
    return answer.status === 200 ? answer : undefined;
  });
  let cookie = '';
  let quoteId = '';

  await check('HTTPS home page with canonical links on the domain', async () => {
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(home.text)?.[1];
    if (canonical !== `${on.base}/`) throw new Error(`canonical ${canonical}`);
    const sitemap = await request(`${on.base}/sitemap.xml`, { ca, headers: { 'Accept-Encoding': 'br' } });
    if (sitemap.headers['content-encoding'] !== 'br') throw new Error('sitemap.xml not sent precompressed');
    return `canonical ${canonical}, certificate from Caddy's authority`;
  });
  await check('HTTP redirected to HTTPS', async () => {
    const answer = await request(`http://${domain}/services/decks`);
    if (![301, 308].includes(answer.status) || answer.headers.location !== `${on.base}/services/decks`)
      throw new Error(`${answer.status} to ${answer.headers.location}`);
    return `${answer.status} to ${answer.headers.location}`;
  });
  await check('health check healthy', async () => {
    const id = containerOf('site');
    await waitFor('healthy', 150, () => (inspect(id, '{{.State.Health.Status}}') === 'healthy' ? true : undefined));
  });
  await check('the server runs as a user other than root', async () => {
    // docker top runs ps on the host for the container's processes (it needs their pid in the columns).
    const top = run('docker', ['top', containerOf('site'), '-eo', 'pid,uid,args']).stdout;
    const server = top.split('\n').find((line) => line.includes('dist/server/index.js'));
    const uid = server?.trim().split(/\s+/)[1];
    if (!server || uid === '0' || uid === 'root') throw new Error(`server process: ${server ?? 'not found'}`);
    return `uid ${uid}`;
  });
  await check('the set-up link from the log sets a password', async () => {
    const logs = dc(['logs', '--no-color', 'site']).stdout;
    const link = [...logs.matchAll(/https?:\/\/[^\s"]*\/owner\/setup\/[\w-]+/g)].at(-1)?.[0];
    if (!link) {
      // Without it, the owner's command (with the site stopped: the embedded database has one user).
      dc(['stop', 'site']);
      dc(['run', '--rm', '-T', 'site', 'npm', 'run', 'owner:password'], `${password}\n${password}\n`);
      dc(['start', 'site']);
      await waitFor('the site back', 120, async () =>
        (await request(`${on.base}/api/health`, { ca })).status === 200 ? true : undefined,
      );
      cookie = await site.signIn(on, password);
      throw new Error('no /owner/setup/ link in `docker compose logs site` (set with npm run owner:password instead)');
    }
    cookie = await site.setPasswordWithLink(on, link, password);
    return link.replace(/[\w-]+$/, '…');
  });
  await check('a quote with a photo lands', async () => {
    quoteId = await site.sendQuoteWithPhoto(on);
    await site.ownerSeesQuote(on, cookie, quoteId);
  });
  await check('under 512 MB through 32 connections of page loads and a 12-megapixel publish', async () => {
    const id = inspect(containerOf('site'), '{{.Id}}');
    const peakFile = `/sys/fs/cgroup/memory/docker/${id}/memory.max_usage_in_bytes`;
    const peak = () => Number(readFileSync(peakFile, 'utf8'));
    const pages = await site.loadPages(on, 32, 15);
    await site.publishProject(on, cookie);
    const bytes = peak();
    if (inspect(id, '{{.State.OOMKilled}} {{.RestartCount}} {{.State.Running}}') !== 'false 0 true')
      throw new Error(`the container was stopped: ${inspect(id, '{{.State.OOMKilled}} {{.RestartCount}}')}`);
    if (bytes >= memoryLimit) throw new Error(`peak ${Math.round(bytes / 1048576)} MB`);
    return `${pages} pages; peak ${Math.round(bytes / 1048576)} MB of 512`;
  });
  await check('SIGTERM drains: the server closes and exits 0', async () => {
    const id = containerOf('site');
    dc(['stop', 'site']);
    const code = inspect(id, '{{.State.ExitCode}}');
    if (code !== '0' || !dc(['logs', '--no-color', 'site']).stdout.includes('"msg":"closed"'))
      throw new Error(`exit ${code}`);
  });
  await check('the quote and its photo survive docker compose down and up', async () => {
    dcShown(['down']);
    dcShown(['up', '-d']);
    await waitFor('the site back', 180, async () =>
      (await request(`${on.base}/`, { ca })).status === 200 ? true : undefined,
    );
    await site.ownerSeesQuote(on, cookie, quoteId);
  });
  await check('the same image with another SITE_URL serves that domain', async () => {
    const origin = 'https://www.another-carpentry.example';
    runShown('docker', ['run', '-d', '--name', other, '-e', `SITE_URL=${origin}`, '-p', '127.0.0.1::5000', image]);
    const port = run('docker', ['port', other, '5000']).stdout.trim().split(':').at(-1);
    const page = await waitFor('the other site', 120, async () => {
      const answer = await request(`http://127.0.0.1:${port}/`, { headers: { 'Accept-Encoding': 'gzip' } });
      return answer.status === 200 ? answer : undefined;
    });
    const robots = await request(`http://127.0.0.1:${port}/robots.txt`);
    if (page.headers['content-encoding'] !== 'gzip') throw new Error('the page was not sent precompressed');
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(gunzipSync(page.body).toString('utf8'))?.[1];
    if (canonical !== `${origin}/`) throw new Error(`canonical ${canonical}`);
    if (!robots.text.includes(`Sitemap: ${origin}/sitemap.xml`)) throw new Error(`robots.txt: ${robots.text}`);
    return `robots.txt names ${origin}/sitemap.xml`;
  });
  await check('the postgres profile: the site on Postgres once it is healthy', async () => {
    // What the owner uncomments in .env: COMPOSE_PROFILES=postgres and a password.
    dcShown(['down']);
    Object.assign(process.env, { COMPOSE_PROFILES: 'postgres', POSTGRES_PASSWORD: 'container-test-postgres' });
    dcShown(['up', '-d']);
    await waitFor('the site on Postgres', 240, async () =>
      (await request(`${on.base}/api/health`, { ca })).status === 200 ? true : undefined,
    );
    const database = inspect(containerOf('postgres'), '{{.State.Health.Status}}');
    const logs = dc(['logs', '--no-color', 'site']).stdout;
    if (!logs.includes('Postgres (DATABASE_URL)')) throw new Error('the site did not start on Postgres');
    const link = [...logs.matchAll(/https?:\/\/[^\s"]*\/owner\/setup\/[\w-]+/g)].at(-1)?.[0];
    if (!link) throw new Error('no set-up link for the new database');
    const owner = await site.setPasswordWithLink(on, link, password);
    await site.ownerSeesQuote(on, owner, await site.sendQuoteWithPhoto(on));
    return `postgres ${database}; a quote landed there`;
  });
} catch (error) {
  results.push({ name: 'the containers start', ok: false, detail: String(error) });
  console.log(`container: FAILED ${String(error)}`);
} finally {
  if (results.some((result) => !result.ok)) console.log(dc(['logs', '--no-color', '--tail', '60']).stdout);
  dc(['down', '-v']);
  run('docker', ['rm', '-f', '-v', other]);
  stop();
}
const passed = results.filter((result) => result.ok).length;
console.log(`${passed} passed, ${results.length - passed} failed`);
process.exitCode = passed === results.length ? 0 : 1;
