import { createServer } from 'node:http';
import pg from 'pg';

/**
 * The baseline for the API benchmark: a bare Node http server that inserts the same row with
 * `pg` and nothing else (no validation, no framework, no security headers).
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const port = Number(process.env.PORT);

createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', async () => {
    try {
      const q = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const { rows } = await pool.query(
        'insert into quote_requests (name, phone, email, project_type, city, budget_range, message) values ($1,$2,$3,$4,$5,$6,$7) returning id',
        [q.name, q.phone, q.email, q.projectType, q.city, q.budgetRange, q.message ?? null],
      );
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: rows[0].id }));
    } catch {
      res.writeHead(500).end();
    }
  });
}).listen(port, '127.0.0.1', () => console.log('baseline ready'));
