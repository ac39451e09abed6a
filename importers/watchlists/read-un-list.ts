import type { Readable } from 'node:stream';
import { countryCodeOf } from '../../domain/watchlists/country-codes';
import type { WatchlistDocument, WatchlistEntry, WatchlistName } from '../../domain/watchlists/watchlist-entry';
import { WrongFormatError } from '../support/rejections';
import { calendarDate, distinct, distinctDocuments, distinctNames, type WatchlistReadItem, yearRange } from './watchlist-read-item';
import { childrenOf, readXmlRecords, refuseRecord, textOf, type XmlElement, type XmlRecordSpec } from './xml-records';

/**
 * The UN Security Council Consolidated List (docs/watchlists.md, "Sources and formats"):
 * `CONSOLIDATED_LIST` (its `dateGenerated` is the version) with `INDIVIDUALS/INDIVIDUAL` and
 * `ENTITIES/ENTITY`. The entry id is the REFERENCE_NUMBER (e.g. QDi.001), the program the
 * UN_LIST_TYPE; alias QUALITY "Low" is a weak alias, any other ("Good", "a.k.a.") strong.
 */
export async function* readUnList(stream: Readable, file: string, onBytes?: (n: number) => void): AsyncGenerator<WatchlistReadItem> {
  const spec: XmlRecordSpec = { file, root: 'CONSOLIDATED_LIST', records: ['INDIVIDUALS/INDIVIDUAL', 'ENTITIES/ENTITY'] };
  for await (const item of readXmlRecords(stream, spec, onBytes)) {
    if (item.kind === 'root') {
      const generated = item.attributes.dateGenerated;
      const at = generated ? new Date(generated) : undefined;
      if (!at || Number.isNaN(at.getTime()))
        throw new WrongFormatError(
          file,
          `<CONSOLIDATED_LIST> at line ${item.line}: dateGenerated is ${generated ? `not a date: "${generated.slice(0, 40)}"` : 'missing'} (it is the list version)`,
        );
      yield { kind: 'version', version: { version: at.toISOString(), published_at: at.toISOString() } };
      continue;
    }
    const { element } = item.record;
    const person = element.name === 'INDIVIDUAL';
    const reference = textOf(element, 'REFERENCE_NUMBER');
    if (!reference) refuseRecord(spec, item.record, 'REFERENCE_NUMBER is missing');
    const primary = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME']
      .map((n) => textOf(element, n))
      .filter(Boolean)
      .join(' ');
    if (!primary) refuseRecord(spec, item.record, 'FIRST_NAME is missing');
    const names: WatchlistName[] = [{ name: primary, quality: 'primary' }];
    const original = textOf(element, 'NAME_ORIGINAL_SCRIPT');
    if (original) names.push({ name: original, quality: 'strong' });
    for (const alias of childrenOf(element, person ? 'INDIVIDUAL_ALIAS' : 'ENTITY_ALIAS')) {
      const name = textOf(alias, 'ALIAS_NAME');
      if (name) names.push({ name, quality: (textOf(alias, 'QUALITY') ?? '').toLowerCase() === 'low' ? 'weak' : 'strong' });
    }
    const listedOn = textOf(element, 'LISTED_ON');
    const entry: WatchlistEntry = {
      list: 'un',
      entry_id: reference,
      schema: person ? 'person' : 'organization',
      names: distinctNames(names),
      birth_dates: person ? distinct(childrenOf(element, 'INDIVIDUAL_DATE_OF_BIRTH').flatMap(birthDates)) : [],
      nationalities: distinct(childrenOf(element, 'NATIONALITY').flatMap((n) => childrenOf(n, 'VALUE').map((v) => countryCodeOf(v.text)))),
      documents: person
        ? distinctDocuments(
            childrenOf(element, 'INDIVIDUAL_DOCUMENT')
              .map(documentOf)
              .filter((d): d is WatchlistDocument => d !== undefined),
          )
        : [],
      programs: distinct([textOf(element, 'UN_LIST_TYPE')]),
      listed_on: listedOn && /^\d{4}-\d{2}-\d{2}/.test(listedOn) ? listedOn.slice(0, 10) : null,
    };
    yield { kind: 'entry', entry, line: element.line };
  }
}

/** EXACT / APPROXIMATELY / BETWEEN dates of birth: a full DATE, a YEAR, or FROM_YEAR..TO_YEAR. */
function birthDates(element: XmlElement): string[] {
  const date = textOf(element, 'DATE');
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})/.exec(date) : null;
  if (match) {
    const full = calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
    return full ? [full] : [match[1]];
  }
  const year = textOf(element, 'YEAR');
  if (year && /^\d{4}$/.test(year)) return [year];
  const from = Number(textOf(element, 'FROM_YEAR'));
  const to = Number(textOf(element, 'TO_YEAR'));
  return yearRange(from, to);
}

function documentOf(element: XmlElement): WatchlistDocument | undefined {
  const number = textOf(element, 'NUMBER');
  if (!number) return undefined;
  const country = textOf(element, 'ISSUING_COUNTRY') ?? textOf(element, 'COUNTRY_OF_ISSUE');
  return { type: textOf(element, 'TYPE_OF_DOCUMENT'), number, country: countryCodeOf(country) ?? null };
}
