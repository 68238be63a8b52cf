import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { precompress, type Effort } from './precompress';

/** A text file served from memory with its precompressed twins. */
export interface CachedFile {
  type: string;
  etag: string;
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** A strong ETag from the bytes themselves: it changes exactly when the file does, on every server alike. */
export function etagOf(raw: Buffer): string {
  return `"${createHash('sha1').update(raw).digest('base64url').slice(0, 20)}"`;
}

/** A file made at run time (a page of a content version, the sitemap), compressed at `effort`. */
export async function cachedFile(raw: Buffer, type: string, effort: Effort = 'best'): Promise<CachedFile> {
  return { type, etag: etagOf(raw), raw, ...(await precompress(raw, effort)) };
}

/** Answers with the file: 304 when the browser has it, else brotli, gzip or raw as accepted. */
export function sendCachedFile(req: Request, res: Response, file: CachedFile, status: number, cacheControl: string) {
  res.status(status);
  res.setHeader('Content-Type', file.type);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Vary', 'Accept-Encoding');
  if (status === 200) {
    res.setHeader('ETag', file.etag);
    if (req.headers['if-none-match'] === file.etag) {
      res.status(304).end();
      return;
    }
  }
  const accepted = String(req.headers['accept-encoding'] ?? '');
  let body = file.raw;
  if (file.br && /\bbr\b/.test(accepted)) {
    res.setHeader('Content-Encoding', 'br');
    body = file.br;
  } else if (file.gzip && /\bgzip\b/.test(accepted)) {
    res.setHeader('Content-Encoding', 'gzip');
    body = file.gzip;
  }
  res.setHeader('Content-Length', body.length);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}
