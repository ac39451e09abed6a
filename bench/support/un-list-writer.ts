import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { WatchlistEntry } from '../../domain/watchlists/watchlist-entry';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;

/**
 * Writes entries as a UN Security Council Consolidated List XML (the layout the `un` importer
 * reads, docs/watchlists.md "Sources and formats"): the primary name in FIRST_NAME, strong
 * aliases QUALITY "Good", weak ones "Low", nationalities as ISO codes (the reader maps names and
 * codes alike), full dates as EXACT, years as APPROXIMATELY. The entry id becomes the
 * REFERENCE_NUMBER. For benches: a list of any size in a published format, streamed to `file`.
 */
export async function writeUnConsolidatedList(file: string, entries: readonly WatchlistEntry[], generatedAt: string): Promise<void> {
  const out = createWriteStream(file);
  const write = async (chunk: string) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  await write(
    `<?xml version="1.0" encoding="UTF-8"?>\n<!-- Synthetic entries for the watchlist-match bench. -->\n<CONSOLIDATED_LIST dateGenerated="${generatedAt}">\n`,
  );
  for (const [section, tag, kind] of [
    ['INDIVIDUALS', 'INDIVIDUAL', 'person'],
    ['ENTITIES', 'ENTITY', 'organization'],
  ] as const) {
    await write(`  <${section}>\n`);
    let n = 0;
    for (const entry of entries) {
      if (entry.schema !== kind) continue;
      n++;
      const [primary, ...aliases] = entry.names;
      const parts = [
        element('DATAID', String(n)),
        element('VERSIONNUM', '1'),
        element('FIRST_NAME', primary.name),
        element('UN_LIST_TYPE', entry.programs[0] ?? 'QDi'),
        element('REFERENCE_NUMBER', entry.entry_id),
        ...(entry.listed_on ? [element('LISTED_ON', entry.listed_on)] : []),
        `<NATIONALITY>${entry.nationalities.map((c) => element('VALUE', c)).join('')}</NATIONALITY>`,
        ...aliases.map(
          (a) =>
            `<${tag}_ALIAS>${element('QUALITY', a.quality === 'weak' ? 'Low' : 'Good')}${element('ALIAS_NAME', a.name)}</${tag}_ALIAS>`,
        ),
      ];
      if (kind === 'person') {
        for (const date of entry.birth_dates) {
          parts.push(
            date.length === 4
              ? `<INDIVIDUAL_DATE_OF_BIRTH>${element('TYPE_OF_DATE', 'APPROXIMATELY')}${element('YEAR', date)}</INDIVIDUAL_DATE_OF_BIRTH>`
              : `<INDIVIDUAL_DATE_OF_BIRTH>${element('TYPE_OF_DATE', 'EXACT')}${element('DATE', date)}</INDIVIDUAL_DATE_OF_BIRTH>`,
          );
        }
        for (const d of entry.documents)
          parts.push(
            `<INDIVIDUAL_DOCUMENT>${element('TYPE_OF_DOCUMENT', d.type ?? 'Passport')}${element('NUMBER', d.number)}${d.country ? element('ISSUING_COUNTRY', d.country) : ''}</INDIVIDUAL_DOCUMENT>`,
          );
      }
      await write(`    <${tag}>${parts.join('')}</${tag}>\n`);
    }
    await write(`  </${section}>\n`);
  }
  await write('</CONSOLIDATED_LIST>\n');
  out.end();
  await once(out, 'finish');
}
