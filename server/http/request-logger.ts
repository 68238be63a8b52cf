import type { RequestHandler } from 'express';

/** One line per request: method, path, status, duration. */
export function requestLogger(write: (line: string) => void = (line) => console.log(line)): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      write(`${req.method} ${req.originalUrl} ${res.statusCode} ${ms.toFixed(1)}ms`);
    });
    next();
  };
}
