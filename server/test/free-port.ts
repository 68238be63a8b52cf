import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * A loopback port nothing listens on, for a process that listens on it later (a server started
 * with PORT, a mail server that comes back where it was).
 *
 * Picked below the kernel's ephemeral range on purpose. A port the OS hands out (listen on 0) is
 * one it also gives to outgoing connections as their local end, and a listen on a port some
 * connection holds fails with EADDRINUSE: on a busy run (Postgres pools, browsers, servers) a port
 * freed here could be taken by a connection before its listener came. Below the range, only
 * another listener can take it, and the tests pick at random.
 */
export async function freePort(): Promise<number> {
  const low = 20_000;
  const high = Math.max(low + 1_000, ephemeralStart()) - 1;
  for (let attempt = 0; ; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await canListen(port)) return port;
    if (attempt > 200) throw new Error(`No free loopback port between ${low} and ${high}`);
  }
}

/** Where the kernel's range for outgoing connections' local ports begins (Linux), or its usual start. */
function ephemeralStart(): number {
  try {
    const start = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (start > 21_000) return start;
  } catch {
    // Not Linux: the IANA range most systems use.
  }
  return 49_152;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Listens on `port`, waiting while it is still held (a listener on its way out), and rejects
 * with the error after `withinMs` instead of hanging: a listen that fails only emits 'error'.
 */
export async function listenOn(server: net.Server, port: number, withinMs = 10_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      const done = (e?: NodeJS.ErrnoException) => {
        server.off('error', done).off('listening', done);
        resolve(e);
      };
      server.once('error', done).once('listening', done);
      server.listen(port, '127.0.0.1');
    });
    if (!error) return;
    if (error.code !== 'EADDRINUSE' || Date.now() - started > withinMs)
      throw new Error(`Could not listen on 127.0.0.1:${port}: ${error.message}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
