import { createHash } from 'node:crypto';
import { normalizeName } from '../../domain/names/normalize-name';
import { CopyWriter } from '../support/copy-rows';
import { parsePartyDocument } from '../support/party-document';
import { partyInputDdl } from '../support/resolve-parties';
import type { FileImportContext } from '../support/run-file-import';
import { isoDate, str } from './json-fields';
import { readJsonLines } from './read-json-lines';

/**
 * Reads proceedings (JSON lines) into the temp tables stg_proc, stg_proc_party and party_input
 * (the parties with a document, to resolve); a line with a bad field is rejected whole. Returns
 * the lines read.
 */
export async function stageProceedings({ client, entry, rejections, progress }: FileImportContext): Promise<number> {
  await client.query(`CREATE TEMP TABLE stg_proc (number text, type text, status text, opened_at date, decision_date date, closed_at date, authority text, summary text, hash text, line bigint) ON COMMIT DROP;
    CREATE TEMP TABLE stg_proc_party (number text, ref text, document text, name text, role text) ON COMMIT DROP; ${partyInputDdl}`);
  const procs = new CopyWriter(client, 'stg_proc', [
    'number',
    'type',
    'status',
    'opened_at',
    'decision_date',
    'closed_at',
    'authority',
    'summary',
    'hash',
    'line',
  ]);
  const parties: { number: string; ref: string | null; document: string | null; name: string; role: string | null }[] = [];
  const inputs = new Map<string, unknown[]>();
  let rows = 0;
  for await (const { line, value, error } of readJsonLines(entry, progress)) {
    rows++;
    if (!value) {
      rejections.add(line, error!);
      continue;
    }
    const number = str(value.proceeding_number, 200);
    const dates = [isoDate(value.opened_at), isoDate(value.decision_date), isoDate(value.closed_at)];
    const texts = [str(value.proceeding_type, 200), str(value.status, 100), str(value.authority, 500), str(value.summary)];
    if (!number) {
      rejections.add(line, 'proceeding_number: missing');
      continue;
    }
    if (dates.some((d) => d === undefined)) {
      rejections.add(line, 'a date is not YYYY-MM-DD or null');
      continue;
    }
    if (texts.some((t) => t === undefined)) {
      rejections.add(line, 'a text field is not a string');
      continue;
    }
    if (!Array.isArray(value.parties)) {
      rejections.add(line, 'parties: not an array');
      continue;
    }
    const mine: typeof parties = [];
    let bad: string | undefined;
    for (const p of value.parties as Record<string, unknown>[]) {
      const name = str(p?.name, 500);
      const doc = parsePartyDocument(typeof p?.document === 'string' ? p.document : null);
      if (!name || !doc) {
        bad = `party: ${!name ? 'name missing' : `invalid document "${String(p.document).slice(0, 20)}"`}`;
        break;
      }
      const normalized = normalizeName(name);
      const ref = doc.kind === 'none' ? null : `${doc.kind}:${doc.document}:${normalized}`;
      if (ref && !inputs.has(ref))
        inputs.set(ref, [ref, doc.kind, doc.document, doc.masked, normalized, name, doc.kind === 'cnpj' ? 'organization' : 'person']);
      mine.push({ number, ref, document: doc.document, name, role: str(p.role, 100) ?? null });
    }
    if (bad) {
      rejections.add(line, bad);
      continue;
    }
    parties.push(...mine);
    const hash = createHash('md5')
      .update(JSON.stringify([texts, dates, mine.map((m) => [m.document, m.name, m.role])]))
      .digest('hex');
    await procs.write([number, texts[0], texts[1], dates[0], dates[1], dates[2], texts[2], texts[3], hash, line]);
  }
  await procs.end();
  const partyWriter = new CopyWriter(client, 'stg_proc_party', ['number', 'ref', 'document', 'name', 'role']);
  for (const p of parties) await partyWriter.write([p.number, p.ref, p.document, p.name, p.role]);
  await partyWriter.end();
  const inputWriter = new CopyWriter(client, 'party_input', [
    'ref',
    'doc_kind',
    'document',
    'masked',
    'normalized_name',
    'display_name',
    'entity_type',
  ]);
  for (const input of inputs.values()) await inputWriter.write(input as string[]);
  await inputWriter.end();
  return rows;
}
