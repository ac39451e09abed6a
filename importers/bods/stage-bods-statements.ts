import { bodsEdge, mapBodsStatement } from '../../domain/entity-store/bods-mapping';
import { CopyWriter } from '../support/copy-rows';
import { partyInputDdl } from '../support/resolve-parties';
import type { FileImportContext } from '../support/run-file-import';
import { readBodsStatements } from './read-bods-statements';

/**
 * Reads a BODS file into the temp tables party_input (one row per record, the first statement
 * wins) and stg_interest (every relationship statement with its edge, if any); rejects what does
 * not map. Returns the statements read and those recognized as BODS.
 */
export async function stageBodsStatements({
  client,
  entry,
  rejections,
  progress,
}: FileImportContext): Promise<{ rows: number; recognized: number }> {
  await client.query(`${partyInputDdl}; CREATE TEMP TABLE stg_interest (ref text, statement_id text, subject_ref text, interested_ref text, interest_types text[], share_exact numeric,
    share_minimum numeric, share_maximum numeric, is_direct boolean, boc boolean, start_date date, end_date date, edge_type text, ownership numeric, voting numeric, line bigint) ON COMMIT DROP`);
  const parties = new CopyWriter(client, 'party_input', [
    'ref',
    'doc_kind',
    'document',
    'masked',
    'normalized_name',
    'display_name',
    'entity_type',
    'profile',
    'source_key',
  ]);
  // One COPY at a time per connection: relationships wait in memory until the parties are staged.
  const interestRows: unknown[][] = [];
  const seenParties = new Set<string>();
  let rows = 0;
  let recognized = 0;
  for await (const { line, value, error } of readBodsStatements(entry, progress)) {
    rows++;
    const mapped = error ? { ok: false as const, reason: error } : mapBodsStatement(value);
    if (!mapped.ok) {
      rejections.add(line, mapped.reason);
      continue;
    }
    recognized++;
    if ('party' in mapped && mapped.party) {
      const p = mapped.party;
      if (seenParties.has(p.ref)) continue; // a later statement of the same record: the first one wins within a file
      seenParties.add(p.ref);
      await parties.write([
        p.ref,
        p.document?.kind ?? 'none',
        p.document?.value ?? null,
        p.document?.masked ?? null,
        p.normalizedName,
        p.name,
        p.entityType,
        JSON.stringify(p.profile),
        `bods:${p.ref}`,
      ]);
    } else if ('interest' in mapped && mapped.interest) {
      const i = mapped.interest;
      if (!i.interestedRef) {
        rejections.add(line, 'relationship: interested party unspecified (nothing to link)');
        continue;
      }
      const edge = bodsEdge(i);
      interestRows.push([
        i.ref,
        i.statementId,
        i.subjectRef,
        i.interestedRef,
        `{${i.interestTypes.map((t) => `"${t.replace(/["\\]/g, '')}"`).join(',')}}`,
        i.shareExact,
        i.shareMinimum,
        i.shareMaximum,
        i.isDirect,
        i.beneficialOwnershipOrControl,
        i.startDate,
        i.endDate,
        edge?.type ?? null,
        edge?.ownership ?? null,
        edge?.voting ?? null,
        line,
      ]);
    }
  }
  await parties.end();
  const interests = new CopyWriter(client, 'stg_interest', [
    'ref',
    'statement_id',
    'subject_ref',
    'interested_ref',
    'interest_types',
    'share_exact',
    'share_minimum',
    'share_maximum',
    'is_direct',
    'boc',
    'start_date',
    'end_date',
    'edge_type',
    'ownership',
    'voting',
    'line',
  ]);
  for (const row of interestRows) await interests.write(row as (string | number | boolean | null)[]);
  await interests.end();
  return { rows, recognized };
}
