import { createHash } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/** A file to import: a plain file, or one entry of a published zip (streamed, never extracted). */
export type SourceEntry = { name: string; container: string; size: number; open: () => Promise<Readable> };

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, zip) => (err ? reject(err) : resolve(zip!))),
  );
}

async function zipEntries(file: string): Promise<SourceEntry[]> {
  const zip = await openZip(file);
  const entries: SourceEntry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith('/')) {
        entries.push({
          name: path.basename(entry.fileName),
          container: file,
          size: entry.uncompressedSize,
          open: () => openZipEntry(file, entry.fileName),
        });
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  zip.close();
  return entries;
}

async function openZipEntry(file: string, entryName: string): Promise<Readable> {
  const zip = await openZip(file);
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName !== entryName) return zip.readEntry();
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        stream!.on('end', () => zip.close());
        resolve(stream!);
      });
    });
    zip.on('end', () => reject(new Error(`${entryName} not found in ${file}`)));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** Every importable entry of `target` (a directory, a file, or a zip), zips expanded, sorted by name. */
export async function listSourceEntries(target: string): Promise<SourceEntry[]> {
  const stat = await fs.stat(target);
  const files = stat.isDirectory() ? (await fs.readdir(target)).sort().map((n) => path.join(target, n)) : [target];
  const entries: SourceEntry[] = [];
  for (const file of files) {
    const info = await fs.stat(file);
    if (!info.isFile()) continue;
    if (file.toLowerCase().endsWith('.zip')) entries.push(...(await zipEntries(file)));
    else
      entries.push({
        name: path.basename(file),
        container: file,
        size: info.size,
        open: async () => createReadStream(file, { highWaterMark: 1 << 20 }),
      });
  }
  return entries;
}

/** sha256 over the files (names and bytes, in name order): the identity of one published release. */
export async function hashFiles(files: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    hash.update(`${path.basename(file)}\0`);
    for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  }
  return hash.digest('hex');
}

export async function listFiles(target: string): Promise<string[]> {
  const stat = await fs.stat(target);
  if (!stat.isDirectory()) return [target];
  const names = (await fs.readdir(target)).sort();
  const files: string[] = [];
  for (const name of names) if ((await fs.stat(path.join(target, name))).isFile()) files.push(path.join(target, name));
  return files;
}
