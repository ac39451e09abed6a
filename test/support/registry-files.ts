import iconv from 'iconv-lite';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { cguLine, rfLine } from '../../generator/file-formats';

/** Fixture writers: small files in the real public layouts (latin1, `;`, quoted, no header). */
export function latin1Lines(lines: string[], eol = '\r\n'): Buffer {
  return iconv.encode(lines.map((l) => `${l}${eol}`).join(''), 'latin1');
}

export function writeRfFile(dir: string, name: string, rows: (string | null)[][], extraLines: string[] = []): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, latin1Lines([...rows.map(rfLine), ...extraLines]));
  return file;
}

export function writeCguCsv(file: string, header: string[], rows: string[][]): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, latin1Lines([cguLine(header), ...rows.map(cguLine)]));
  return file;
}

export function writeJsonLines(file: string, records: unknown[], extraLines: string[] = []): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, [...records.map((r) => JSON.stringify(r)), ...extraLines].join('\n') + '\n');
  return file;
}

/** A minimal zip (deflate, no data descriptors), enough for the published RF zips' shape. */
export function writeZip(file: string, entries: { name: string; data: Buffer }[]): string {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const centralSize = centrals.reduce((s, b) => s + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.concat([...locals, ...centrals, end]));
  return file;
}

/**
 * One ESTABELE row (30 fields, Receita Federal's layout): a CNPJ's headquarters (`1`) or branch
 * (`2`) in São Paulo, active since 2020; `overrides` replaces fields by their position.
 */
export function establishmentRow(cnpj: string, kind: '1' | '2', status: string, overrides: Record<number, string> = {}): string[] {
  const fields = [
    cnpj.slice(0, 8),
    cnpj.slice(8, 12),
    cnpj.slice(12),
    kind,
    'CAFÉ DO ZÉ',
    status,
    '20200101',
    '00',
    '',
    '',
    '20190315',
    '4711302',
    '6201501',
    'RUA',
    'DAS FLORES',
    '12',
    '',
    'CENTRO',
    '01001000',
    'SP',
    '7107',
    '11',
    '5555',
    '',
    '',
    '',
    '',
    'x@y.z',
    '',
    '',
  ];
  for (const [i, v] of Object.entries(overrides)) fields[Number(i)] = v;
  return fields;
}
