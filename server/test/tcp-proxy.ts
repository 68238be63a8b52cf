import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** The network fails: every open connection is reset and new ones are reset as they arrive. */
  cut(): void;
  /**
   * The network stalls: connections stay open (new ones are accepted) but no byte passes in
   * either direction until restore().
   */
  freeze(): void;
  /**
   * From now on, a connection whose client sends a chunk that `match` accepts stalls (that chunk
   * included) until restore(), while the other connections go on: a stall at one precise step
   * of a conversation. Without `match`, no longer arms new stalls.
   */
  stallWhen(match?: (chunk: Buffer) => boolean): void;
  /** Back to forwarding; what a frozen or stalled connection held back is delivered then. */
  restore(): void;
  /** Client connections open through the proxy right now. */
  connections(): number;
  close(): Promise<void>;
}

interface Link {
  client: net.Socket;
  upstream: net.Socket;
  stalled: boolean;
  /** Chunks held back while frozen or stalled, in arrival order. */
  held: { to: net.Socket; chunk: Buffer }[];
  /** One side closed while held: the other learns it on restore(), as across a real stall. */
  closed: boolean;
}

/**
 * A loopback TCP proxy in front of `target` (Postgres in the fault tests), to break the path to
 * it the way a network or a host does, without touching the server behind it.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'open' | 'cut' | 'frozen' = 'open';
  let stallMatch: ((chunk: Buffer) => boolean) | undefined;
  const links = new Set<Link>();

  /** Closes both sides once what was written to them is out. */
  const drop = (link: Link) => {
    links.delete(link);
    link.client.destroySoon();
    link.upstream.destroySoon();
  };

  const holding = (link: Link) => mode === 'frozen' || link.stalled;

  const end = (link: Link) => {
    if (holding(link)) link.closed = true;
    else drop(link);
  };

  const forward = (link: Link, to: net.Socket, chunk: Buffer) => {
    if (to === link.upstream && stallMatch?.(chunk)) link.stalled = true;
    if (holding(link)) link.held.push({ to, chunk });
    else to.write(chunk);
  };

  const server = net.createServer((client) => {
    if (mode === 'cut') {
      client.on('error', () => {});
      client.resetAndDestroy();
      return;
    }
    const link: Link = {
      client,
      upstream: net.connect(target.port, target.host),
      stalled: false,
      held: [],
      closed: false,
    };
    links.add(link);
    for (const socket of [link.client, link.upstream]) {
      socket.on('error', () => end(link));
      socket.on('close', () => end(link));
    }
    link.client.on('data', (chunk: Buffer) => forward(link, link.upstream, chunk));
    link.upstream.on('data', (chunk: Buffer) => forward(link, link.client, chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    cut() {
      mode = 'cut';
      for (const link of links) {
        link.client.resetAndDestroy();
        drop(link);
      }
    },
    freeze() {
      mode = 'frozen';
    },
    stallWhen(match) {
      stallMatch = match;
    },
    restore() {
      mode = 'open';
      for (const link of links) {
        link.stalled = false;
        for (const { to, chunk } of link.held.splice(0)) if (to.writable) to.write(chunk);
        if (link.closed) drop(link);
      }
    },
    connections: () => links.size,
    async close() {
      mode = 'cut';
      for (const link of links) {
        link.client.destroy();
        drop(link);
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
