import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, listenOn } from './free-port';

const open: Array<{ destroy?: () => void; close?: () => void }> = [];
afterEach(() => {
  for (const item of open.splice(0)) {
    if (item.destroy) item.destroy();
    else item.close?.();
  }
});

describe('ports for test servers', () => {
  const rangeFile = '/proc/sys/net/ipv4/ip_local_port_range';

  it.skipIf(!existsSync(rangeFile))(
    'picks ports an outgoing connection is never given, so a server can listen on one later',
    async () => {
      const [start, end] = readFileSync(rangeFile, 'utf8').trim().split(/\s+/).map(Number);
      for (let i = 0; i < 20; i++) {
        const port = await freePort();
        expect(port < start! || port > end!).toBe(true);
        const server = net.createServer();
        open.push(server);
        await listenOn(server, port);
        server.close();
      }
    },
  );

  it('fails with the reason, not a hang, when the port is the local end of a connection', async () => {
    const target = net.createServer((socket) => open.push(socket));
    open.push(target);
    await listenOn(target, 0);
    const client = net.connect((target.address() as net.AddressInfo).port, '127.0.0.1');
    open.push(client);
    await new Promise((resolve) => client.once('connect', resolve));

    await expect(listenOn(net.createServer(), client.localPort!, 200)).rejects.toThrow(/EADDRINUSE/);
  });
});
