import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { normalizeName } from '../../domain/names/normalize-name';
import { CopyWriter } from '../support/copy-rows';
import { countedUpsert } from '../support/counted-upsert';
import { parsePartyDocument } from '../support/party-document';
import { partyInputDdl, resolutionCounts, resolveParties } from '../support/resolve-parties';
import { ImportOptions, runFileImport } from '../support/run-file-import';
import { isoDate, str } from './json-fields';
import { readJsonLines } from './read-json-lines';

/**
 * Administrative proceedings (docs/importers.md), one a line. Parties with a document are resolved
 * like sanctions (and created when unknown); parties without one keep their name only.
 * A proceeding whose content changed gets its party list replaced.
 */
export async function importProceedings(db: Knex, options: ImportOptions) {
  return runFileImport(db, 'proceedings', options, async ({ client, runId, entry, rejections, tables, progress }) => {
    await client.query(`CREATE TEMP TABLE stg_proc (number text, type text, status text, opened_at date, decision_date date, closed_at date, authority text, summary text, hash text, line bigint) ON COMMIT DROP;
      CREATE TEMP TABLE stg_proc_party (number text, ref text, document text, name text, role text) ON COMMIT DROP; ${partyInputDdl}`);
    const procs = new CopyWriter(client, 'stg_proc', ['number', 'type', 'status', 'opened_at', 'decision_date', 'closed_at', 'authority', 'summary', 'hash', 'line']);
    const parties: { number: string; ref: string | null; document: string | null; name: string; role: string | null }[] = [];
    const inputs = new Map<string, unknown[]>();
    let rows = 0;
    for await (const { line, value, error } of readJsonLines(entry, progress)) {
      rows++;
      if (!value) { rejections.add(line, error!); continue; }
      const number = str(value.proceeding_number, 200);
      const dates = [isoDate(value.opened_at), isoDate(value.decision_date), isoDate(value.closed_at)];
      const texts = [str(value.proceeding_type, 200), str(value.status, 100), str(value.authority, 500), str(value.summary)];
      if (!number) { rejections.add(line, 'proceeding_number: missing'); continue; }
      if (dates.some((d) => d === undefined)) { rejections.add(line, 'a date is not YYYY-MM-DD or null'); continue; }
      if (texts.some((t) => t === undefined)) { rejections.add(line, 'a text field is not a string'); continue; }
      if (!Array.isArray(value.parties)) { rejections.add(line, 'parties: not an array'); continue; }
      const mine: typeof parties = [];
      let bad: string | undefined;
      for (const p of value.parties as Record<string, unknown>[]) {
        const name = str(p?.name, 500);
        const doc = parsePartyDocument(typeof p?.document === 'string' ? p.document : null);
        if (!name || !doc) { bad = `party: ${!name ? 'name missing' : `invalid document "${String(p.document).slice(0, 20)}"`}`; break; }
        const normalized = normalizeName(name);
        const ref = doc.kind === 'none' ? null : `${doc.kind}:${doc.document}:${normalized}`;
        if (ref && !inputs.has(ref)) inputs.set(ref, [ref, doc.kind, doc.document, doc.masked, normalized, name, doc.kind === 'cnpj' ? 'organization' : 'person']);
        mine.push({ number, ref, document: doc.document, name, role: str(p.role, 100) ?? null });
      }
      if (bad) { rejections.add(line, bad); continue; }
      parties.push(...mine);
      const hash = createHash('md5').update(JSON.stringify([texts, dates, mine.map((m) => [m.document, m.name, m.role])])).digest('hex');
      await procs.write([number, texts[0], texts[1], dates[0], dates[1], dates[2], texts[2], texts[3], hash, line]);
    }
    await procs.end();
    const partyWriter = new CopyWriter(client, 'stg_proc_party', ['number', 'ref', 'document', 'name', 'role']);
    for (const p of parties) await partyWriter.write([p.number, p.ref, p.document, p.name, p.role]);
    await partyWriter.end();
    const inputWriter = new CopyWriter(client, 'party_input', ['ref', 'doc_kind', 'document', 'masked', 'normalized_name', 'display_name', 'entity_type']);
    for (const input of inputs.values()) await inputWriter.write(input as string[]);
    await inputWriter.end();
    tables.entities = resolutionCounts(await resolveParties(client, runId, { create: true }));
    await client.query(`CREATE TEMP TABLE changed_proc (id bigint, number text) ON COMMIT DROP`);
    tables.proceedings = await countedUpsert(client,
      `src AS (SELECT DISTINCT ON (number) * FROM stg_proc ORDER BY number, line DESC)`,
      `INSERT INTO proceedings (proceeding_number, proceeding_type, status, opened_at, decision_date, closed_at, authority, summary, content_hash, import_run_id)
       SELECT number, type, status, opened_at, decision_date, closed_at, authority, summary, hash, $1::bigint FROM src
       ON CONFLICT (proceeding_number) DO UPDATE SET proceeding_type = excluded.proceeding_type, status = excluded.status, opened_at = excluded.opened_at,
         decision_date = excluded.decision_date, closed_at = excluded.closed_at, authority = excluded.authority, summary = excluded.summary,
         content_hash = excluded.content_hash, import_run_id = excluded.import_run_id
       WHERE proceedings.content_hash IS DISTINCT FROM excluded.content_hash`, [runId]);
    // Parties of new or changed proceedings (import_run_id = this run) are replaced as a set.
    await client.query(`INSERT INTO changed_proc SELECT id, proceeding_number FROM proceedings WHERE import_run_id = $1::bigint`, [runId]);
    await client.query(`DELETE FROM proceeding_parties pp USING changed_proc c WHERE pp.proceeding_id = c.id`);
    await client.query(`INSERT INTO proceeding_parties (proceeding_id, entity_id, document, name, role)
      SELECT DISTINCT ON (c.id, s.document, s.name, s.role) c.id, p.entity_id, s.document, s.name, s.role
      FROM stg_proc_party s JOIN changed_proc c ON c.number = s.number LEFT JOIN party_input p ON p.ref = s.ref
      ON CONFLICT DO NOTHING`);
    return rows;
  });
}
