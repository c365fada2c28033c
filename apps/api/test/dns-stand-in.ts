import dgram from 'node:dgram';
import fs from 'node:fs';

/**
 * A DNS server on this machine that answers TXT questions (RFC 1035 over UDP), for the own-domain
 * proofs (issue 55): tests and the end-to-end run point DOMAIN_CHECK_DNS_SERVERS at it and publish
 * records with `setTxt`. Any other name or type gets NXDOMAIN, as a real server would for a record
 * nobody made. Tests only: the product asks the real DNS.
 */
export type DnsStandIn = {
  /** `127.0.0.1:<port>`, as DOMAIN_CHECK_DNS_SERVERS takes it. */
  address: string;
  setTxt(name: string, value: string | null): void;
  close(): Promise<void>;
};

const TYPE_TXT = 16;

/** The question's name (lower case) and type, and where the question ends; undefined when malformed. */
function readQuestion(message: Buffer): { name: string; type: number; end: number } | undefined {
  let offset = 12;
  const labels: string[] = [];
  while (offset < message.length) {
    const length = message[offset]!;
    if (length === 0) {
      offset += 1;
      break;
    }
    if (length > 63 || offset + 1 + length > message.length) return undefined;
    labels.push(message.subarray(offset + 1, offset + 1 + length).toString('latin1').toLowerCase());
    offset += 1 + length;
  }
  if (offset + 4 > message.length) return undefined;
  return { name: labels.join('.'), type: message.readUInt16BE(offset), end: offset + 4 };
}

function answer(query: Buffer, records: Map<string, string[]>): Buffer | undefined {
  if (query.length < 12) return undefined;
  const question = readQuestion(query);
  if (!question) return undefined;
  const values = question.type === TYPE_TXT ? records.get(question.name) : undefined;
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // the id
  const recursionDesired = query[2]! & 0x01;
  header[2] = 0x84 | recursionDesired; // an answer, authoritative
  header[3] = 0x80 | (values === undefined ? 3 : 0); // recursion available; NXDOMAIN or no error
  header.writeUInt16BE(1, 4); // one question
  header.writeUInt16BE(values?.length ?? 0, 6);
  const answers = (values ?? []).map((value) => {
    const text = Buffer.from(value, 'utf8');
    // One string of at most 255 bytes per record (enough for a token).
    const data = Buffer.concat([Buffer.from([Math.min(text.length, 255)]), text.subarray(0, 255)]);
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    fixed.writeUInt16BE(TYPE_TXT, 2);
    fixed.writeUInt16BE(1, 4); // IN
    fixed.writeUInt32BE(60, 6); // TTL
    fixed.writeUInt16BE(data.length, 10);
    return Buffer.concat([fixed, data]);
  });
  return Buffer.concat([header, query.subarray(12, question.end), ...answers]);
}

/**
 * `recordsFile`: the records are read from this JSON file (`{ "<name>": ["<value>", …] }`) at each
 * question, so a test in another process (the end-to-end run) publishes one by writing the file.
 */
export async function startDnsStandIn(options: { port?: number; recordsFile?: string } = {}): Promise<DnsStandIn> {
  const records = new Map<string, string[]>();
  const { recordsFile } = options;
  const current = (): Map<string, string[]> => {
    if (!recordsFile) return records;
    try {
      const saved = JSON.parse(fs.readFileSync(recordsFile, 'utf8')) as Record<string, string[]>;
      return new Map(Object.entries(saved).map(([name, values]) => [name.toLowerCase().replace(/\.$/, ''), values]));
    } catch {
      return new Map();
    }
  };
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, from) => {
    const reply = answer(query, current());
    if (reply) socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  return {
    address: `127.0.0.1:${socket.address().port}`,
    setTxt(name, value) {
      const key = name.toLowerCase().replace(/\.$/, '');
      if (value === null) records.delete(key);
      else records.set(key, [...(records.get(key) ?? []), value]);
    },
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
