import { createSocket, type Socket } from 'node:dgram';

/*
 * A DNS server of the test's own, on 127.0.0.1 over UDP, that answers TXT questions from a map
 * the test fills: the service's real resolver (node:dns, lib/core/organisations/dns-txt.ts)
 * asks it through PORTAL_DOMAIN_DNS_SERVERS, so the lookup is tested as it runs, wire format
 * included. A name in the map answers its records (none: NOERROR without answers, ENODATA);
 * any other name answers NXDOMAIN (ENOTFOUND). RFC 1035 sections 4.1 and 3.3.14.
 */

/** Each record is its character-strings (one record may be split into several, as long records are). */
export type TxtZone = Map<string, string[][]>;

export type DnsServer = { zone: TxtZone; address: string; questions: string[]; close: () => Promise<void> };

/** The question's name (labels joined with dots, lower-cased) and the offset just past its type and class. */
function question(message: Buffer): { name: string; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (message[at]! > 0) {
    labels.push(message.subarray(at + 1, at + 1 + message[at]!).toString('ascii'));
    at += 1 + message[at]!;
  }
  return { name: labels.join('.').toLowerCase(), end: at + 1 + 4 };
}

function txtAnswer(strings: string[]): Buffer {
  const rdata = Buffer.concat(
    strings.map((text) => Buffer.concat([Buffer.from([Buffer.byteLength(text)]), Buffer.from(text)])),
  );
  const fixed = Buffer.alloc(12);
  fixed.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
  fixed.writeUInt16BE(16, 2); // TXT
  fixed.writeUInt16BE(1, 4); // IN
  fixed.writeUInt32BE(60, 6); // TTL
  fixed.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([fixed, rdata]);
}

function answer(message: Buffer, zone: TxtZone): { reply: Buffer; name: string } {
  const { name, end } = question(message);
  const qtype = message.readUInt16BE(end - 4);
  const records = zone.get(name);
  const answers = records && qtype === 16 ? records.map(txtAnswer) : [];
  const header = Buffer.alloc(12);
  message.copy(header, 0, 0, 2); // id
  header.writeUInt16BE(0x8180 | (records ? 0 : 3), 2); // response, recursion desired and available; NXDOMAIN for an unknown name
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  return { reply: Buffer.concat([header, message.subarray(12, end), ...answers]), name };
}

export async function startDnsServer(): Promise<DnsServer> {
  const zone: TxtZone = new Map();
  const questions: string[] = [];
  const socket: Socket = createSocket('udp4');
  socket.on('message', (message, from) => {
    const { reply, name } = answer(message, zone);
    questions.push(name);
    socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    zone,
    questions,
    address: `127.0.0.1:${socket.address().port}`,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
