import http from 'node:http';
import https from 'node:https';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/**
 * One request over HTTP or HTTPS; with `ca` (Caddy's own authority for localhost), only a
 * certificate that authority issued is trusted.
 */
export function request(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    ca?: string;
    agent?: http.Agent;
  } = {},
): Promise<Answer> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: options.agent,
        ...(options.ca ? { ca: options.ca } : {}),
        timeout: 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer within 60 s`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The Set-Cookie lines of an answer as one Cookie header. */
export function cookieOf(answer: Answer): string {
  return (answer.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
}
