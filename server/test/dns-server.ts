import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

/**
 * A DNS server of the tests' own on the loopback (UDP), answering TXT questions from `records` and
 * nothing else: enough for Check my domain (SPF, DKIM, DMARC) to be tested against real lookups
 * through Node's resolver (DNS_SERVERS), without the network. A name it does not hold is
 * NXDOMAIN. Written here rather than taken from a package: forty lines of RFC 1035 do it.
 */
export interface TestDnsServer {
  /** `127.0.0.1:<port>`, as DNS_SERVERS takes it. */
  address: string;
  /** The names asked, in order. */
  asked: string[];
  close(): Promise<void>;
}

export async function startDnsServer(records: Record<string, string[]>): Promise<TestDnsServer> {
  const socket = createSocket('udp4');
  const asked: string[] = [];
  const held = new Map(Object.entries(records).map(([name, values]) => [name.toLowerCase(), values]));
  socket.on('message', (query, peer) => {
    if (query.length < 17) return;
    // The question: labels from byte 12 to a zero, then its type and class.
    const labels: string[] = [];
    let at = 12;
    while (at < query.length && query[at]! > 0) {
      labels.push(query.subarray(at + 1, at + 1 + query[at]!).toString('latin1'));
      at += query[at]! + 1;
    }
    const questionEnd = at + 5;
    const name = labels.join('.').toLowerCase();
    const type = query.readUInt16BE(at + 1);
    asked.push(name);
    const values = held.get(name);
    const answers = type === 16 && values ? values.map(txtAnswer) : [];
    const header = Buffer.alloc(12);
    header.writeUInt16BE(query.readUInt16BE(0), 0);
    // QR, the query's opcode and RD, RA; NXDOMAIN for a name it does not hold.
    header.writeUInt16BE(0x8000 | (query.readUInt16BE(2) & 0x7900) | 0x0080 | (values ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, query.subarray(12, questionEnd), ...answers]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/** One TXT answer for the question's name (a pointer to it), its text in chunks of 255 bytes. */
function txtAnswer(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length || i === 0; i += 255) {
    const chunk = bytes.subarray(i, i + 255);
    chunks.push(Buffer.from([chunk.length]), chunk);
  }
  const data = Buffer.concat(chunks);
  const fixed = Buffer.alloc(12);
  fixed.writeUInt16BE(0xc00c, 0);
  fixed.writeUInt16BE(16, 2);
  fixed.writeUInt16BE(1, 4);
  fixed.writeUInt32BE(60, 6);
  fixed.writeUInt16BE(data.length, 10);
  return Buffer.concat([fixed, data]);
}
