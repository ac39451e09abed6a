import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import { WrongFormatError } from '../support/rejections';

/** One element of a record, namespace prefixes dropped, text trimmed. */
export type XmlElement = { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string; line: number };

/** A record element with where it is: its path from the root and its line. */
export type XmlRecord = { path: string; element: XmlElement };

/** What one publication looks like: its root, and the paths (below the root) of the elements read whole. */
export type XmlRecordSpec = { file: string; root: string; records: string[] };

/** A record is small (one listed person has a few KB); one larger than this is not the format. */
const MAX_RECORD_CHARS = 4_000_000;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

export function childOf(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c) => c.name === name);
}

export function childrenOf(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => c.name === name);
}

/** The trimmed text of a child, or null when absent or empty. */
export function textOf(element: XmlElement, name: string): string | null {
  const text = childOf(element, name)?.text ?? '';
  return text === '' ? null : text;
}

/** "INDIVIDUAL at line 12 (CONSOLIDATED_LIST/INDIVIDUALS/INDIVIDUAL)" — where a record is, for errors. */
function whereIs(record: XmlRecord): string {
  return `<${record.element.name}> at line ${record.element.line} (${record.path})`;
}

export function refuseRecord(spec: XmlRecordSpec, record: XmlRecord, detail: string): never {
  throw new WrongFormatError(spec.file, `${whereIs(record)}: ${detail}`);
}

/**
 * The root's attributes, then every record element of a streamed XML file, each read whole
 * (bounded: one chunk of the file and the records it completes are held at a time). A file that
 * is not well-formed XML, or whose root is not `spec.root`, fails with the line it broke at.
 */
export async function* readXmlRecords(
  stream: Readable,
  spec: XmlRecordSpec,
  onBytes?: (n: number) => void,
): AsyncGenerator<{ kind: 'root'; attributes: Record<string, string>; line: number } | { kind: 'record'; record: XmlRecord }> {
  const parser = new SaxesParser({ position: true });
  const recordPaths = new Set(spec.records.map((r) => `${spec.root}/${r}`));
  const path: string[] = [];
  const queue: ({ kind: 'root'; attributes: Record<string, string>; line: number } | { kind: 'record'; record: XmlRecord })[] = [];
  let building: XmlElement[] = [];
  let recordPath = '';
  let recordChars = 0;
  let sawRoot = false;

  const fail = (detail: string): never => {
    throw new WrongFormatError(spec.file, `line ${parser.line}${path.length > 0 ? ` (in ${path.join('/')})` : ''}: ${detail}`);
  };
  parser.on('error', (error) => fail(error.message.replace(/^(?:[^:\n]*:)?\d+:\d+: /, '')));
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (!sawRoot) {
      if (name !== spec.root) fail(`the root element is <${name}>, expected <${spec.root}>`);
      sawRoot = true;
      const attributes = Object.fromEntries(Object.entries(tag.attributes as Record<string, string>).map(([k, v]) => [localName(k), v]));
      queue.push({ kind: 'root', attributes, line: parser.line });
    }
    path.push(name);
    if (building.length === 0 && !recordPaths.has(path.join('/'))) return;
    const element: XmlElement = { name, attributes: {}, children: [], text: '', line: parser.line };
    for (const [key, value] of Object.entries(tag.attributes as Record<string, string>)) element.attributes[localName(key)] = value;
    if (building.length === 0) {
      recordPath = path.join('/');
      recordChars = 0;
    } else building.at(-1)!.children.push(element);
    building.push(element);
  });
  parser.on('text', (text) => {
    if (building.length === 0) return;
    recordChars += text.length;
    if (recordChars > MAX_RECORD_CHARS)
      fail(`<${building[0].name}> from line ${building[0].line} is larger than any record of this format`);
    building.at(-1)!.text += text;
  });
  parser.on('cdata', (text) => {
    if (building.length > 0) building.at(-1)!.text += text;
  });
  parser.on('closetag', () => {
    path.pop();
    if (building.length === 0) return;
    const element = building.pop()!;
    element.text = element.text.trim();
    if (building.length === 0) queue.push({ kind: 'record', record: { path: recordPath, element } });
  });

  const decoder = new StringDecoder('utf8');
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    onBytes?.(buffer.length);
    parser.write(decoder.write(buffer));
    yield* queue.splice(0);
  }
  parser.write(decoder.end());
  if (!sawRoot) fail(`no <${spec.root}> element: the file is empty or not XML`);
  parser.close();
  building = [];
  yield* queue.splice(0);
}
