import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A zip of one deflated entry of `megabytes` MiB of zeros (issue 53's 1 MB "spreadsheet" that
 * unpacks to 1,000 MiB); the test holds one MiB of the zeros, never all of them.
 * `declare`: the uncompressed size its headers claim (the real one by default; a liar's smaller).
 */
export async function zipBomb(megabytes: number, options: { name?: string; declare?: number } = {}): Promise<Buffer> {
  const name = Buffer.from(options.name ?? 'xl/worksheets/sheet1.xml');
  const size = megabytes * 1024 * 1024;
  const zeros = Buffer.alloc(1024 * 1024);
  // One MiB of zeros deflated and flushed to a byte boundary with no reference behind it, repeated:
  // a valid stream of `megabytes` MiB (then the empty final block) in a second, not a minute.
  const block = deflateRawSync(zeros, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  let crc = 0;
  for (let i = 0; i < megabytes; i++) crc = crc32(zeros, crc);
  const chunks = [...Array.from({ length: megabytes }, () => block), deflateRawSync(Buffer.alloc(0))];
  const data = Buffer.concat(chunks);
  const declared = options.declare ?? size;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflated
  local.writeUInt32LE(crc >>> 0, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc >>> 0, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}
