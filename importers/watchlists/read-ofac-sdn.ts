import type { Readable } from 'node:stream';
import { countryCodeOf } from '../../domain/watchlists/country-codes';
import type { WatchlistDocument, WatchlistEntry, WatchlistName } from '../../domain/watchlists/watchlist-entry';
import { calendarDate, distinct, distinctDocuments, distinctNames, type WatchlistReadItem, yearRange } from './watchlist-read-item';
import { childOf, childrenOf, readXmlRecords, refuseRecord, textOf, type XmlElement, type XmlRecordSpec } from './xml-records';

/**
 * OFAC's SDN list XML (docs/watchlists.md, "Sources and formats"): `sdnList` with
 * `publshInformation/Publish_Date` (MM/DD/YYYY: the version) and `sdnEntry` records. The entry id
 * is the `uid`; `sdnType` Individual is a person, Entity an organization; vessels and aircraft
 * are not screened by person or organization name and are left out (counted as skipped).
 */
export async function* readOfacSdn(
  stream: Readable,
  file: string,
  onBytes?: (n: number) => void,
  onSkipped?: (line: number, why: string) => void,
): AsyncGenerator<WatchlistReadItem> {
  const spec: XmlRecordSpec = { file, root: 'sdnList', records: ['publshInformation', 'sdnEntry'] };
  for await (const item of readXmlRecords(stream, spec, onBytes)) {
    if (item.kind === 'root') continue;
    const { element } = item.record;
    if (element.name === 'publshInformation') {
      const published = textOf(element, 'Publish_Date') ?? '';
      const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(published);
      const day = match ? calendarDate(Number(match[3]), Number(match[1]), Number(match[2])) : undefined;
      if (!day)
        refuseRecord(
          spec,
          item.record,
          `Publish_Date is ${published ? `not MM/DD/YYYY: "${published.slice(0, 40)}"` : 'missing'} (it is the list version)`,
        );
      yield { kind: 'version', version: { version: day, published_at: `${day}T00:00:00.000Z` } };
      continue;
    }
    const uid = textOf(element, 'uid');
    if (!uid) refuseRecord(spec, item.record, 'uid is missing');
    const type = textOf(element, 'sdnType');
    if (!type) refuseRecord(spec, item.record, 'sdnType is missing');
    if (type !== 'Individual' && type !== 'Entity') {
      onSkipped?.(element.line, `sdnEntry ${uid}: sdnType ${type} is not screened by name`);
      continue;
    }
    const primary = fullName(element);
    if (!primary) refuseRecord(spec, item.record, 'lastName is missing');
    const names: WatchlistName[] = [{ name: primary, quality: 'primary' }];
    for (const aka of childrenOf(childOf(element, 'akaList') ?? emptyElement, 'aka')) {
      const name = fullName(aka);
      if (name) names.push({ name, quality: textOf(aka, 'category') === 'weak' ? 'weak' : 'strong' });
    }
    const countries = [
      ...childrenOf(childOf(element, 'nationalityList') ?? emptyElement, 'nationality'),
      ...childrenOf(childOf(element, 'citizenshipList') ?? emptyElement, 'citizenship'),
    ].map((c) => countryCodeOf(textOf(c, 'country')));
    const entry: WatchlistEntry = {
      list: 'ofac_sdn',
      entry_id: uid,
      schema: type === 'Individual' ? 'person' : 'organization',
      names: distinctNames(names),
      birth_dates: distinct(
        childrenOf(childOf(element, 'dateOfBirthList') ?? emptyElement, 'dateOfBirthItem').flatMap((d) =>
          birthDates(textOf(d, 'dateOfBirth') ?? ''),
        ),
      ),
      nationalities: distinct(countries),
      documents: distinctDocuments(
        childrenOf(childOf(element, 'idList') ?? emptyElement, 'id')
          .map(documentOf)
          .filter((d): d is WatchlistDocument => d !== undefined),
      ),
      programs: distinct(childrenOf(childOf(element, 'programList') ?? emptyElement, 'program').map((p) => p.text || null)),
      listed_on: null,
    };
    yield { kind: 'entry', entry, line: element.line };
  }
}

const emptyElement: XmlElement = { name: '', attributes: {}, children: [], text: '', line: 0 };

function fullName(element: XmlElement): string {
  return [textOf(element, 'firstName'), textOf(element, 'lastName')].filter(Boolean).join(' ');
}

const months: Record<string, number> = {
  JAN: 1,
  FEB: 2,
  MAR: 3,
  APR: 4,
  MAY: 5,
  JUN: 6,
  JUL: 7,
  AUG: 8,
  SEP: 9,
  OCT: 10,
  NOV: 11,
  DEC: 12,
};

/** "01 Jan 1970" → the date; "Jan 1970", "circa 1970", "1970" → the year; "1960 to 1962" → each year. */
export function birthDates(text: string): string[] {
  const value = text.trim();
  const full = /^(\d{1,2}) ([A-Za-z]{3}) (\d{4})$/.exec(value);
  if (full && months[full[2].toUpperCase()]) {
    const date = calendarDate(Number(full[3]), months[full[2].toUpperCase()], Number(full[1]));
    return date ? [date] : [full[3]];
  }
  const range = /(\d{4})\s+to\s+(?:.*?)(\d{4})$/.exec(value);
  if (range) return yearRange(Number(range[1]), Number(range[2]));
  const year = /(\d{4})$/.exec(value);
  return year ? [year[1]] : [];
}

/** idList rows that are not identity documents (gender, websites, addresses of digital currency…). */
const notDocuments =
  /gender|website|e-?mail|digital currency|sanctions|established date|organization type|phone|target type|registration date|nationality of registration|vessel|aircraft|mmsi|effective date|listing date|transactions prohibited|executive order/i;

function documentOf(element: XmlElement): WatchlistDocument | undefined {
  const number = textOf(element, 'idNumber');
  const type = textOf(element, 'idType');
  if (!number || (type && notDocuments.test(type))) return undefined;
  return { type, number, country: countryCodeOf(textOf(element, 'idCountry')) ?? null };
}
