import type { Readable } from 'node:stream';
import { countryCodeOf } from '../../domain/watchlists/country-codes';
import type { WatchlistDocument, WatchlistEntry, WatchlistName } from '../../domain/watchlists/watchlist-entry';
import { WrongFormatError } from '../support/rejections';
import { calendarDate, distinct, distinctDocuments, distinctNames, type WatchlistReadItem } from './watchlist-read-item';
import { childrenOf, readXmlRecords, refuseRecord, type XmlElement, type XmlRecordSpec } from './xml-records';

/**
 * The EU Financial Sanctions Files XML (docs/watchlists.md, "Sources and formats"): `export`
 * (its `generationDate` is the version) with `sanctionEntity` records. The entry id is the
 * entity's `logicalId`; `subjectType/@code` person is a person, enterprise an organization;
 * a `nameAlias` with `strong="false"` is a weak alias; the programs are the regulations'.
 */
export async function* readEuFsf(stream: Readable, file: string, onBytes?: (n: number) => void): AsyncGenerator<WatchlistReadItem> {
  const spec: XmlRecordSpec = { file, root: 'export', records: ['sanctionEntity'] };
  for await (const item of readXmlRecords(stream, spec, onBytes)) {
    if (item.kind === 'root') {
      const generated = item.attributes.generationDate;
      const at = generated ? new Date(generated) : undefined;
      if (!at || Number.isNaN(at.getTime()))
        throw new WrongFormatError(
          file,
          `<export> at line ${item.line}: generationDate is ${generated ? `not a date: "${generated.slice(0, 40)}"` : 'missing'} (it is the list version)`,
        );
      yield { kind: 'version', version: { version: at.toISOString(), published_at: at.toISOString() } };
      continue;
    }
    const { element } = item.record;
    const logicalId = element.attributes.logicalId;
    if (!logicalId) refuseRecord(spec, item.record, 'the logicalId attribute is missing');
    const subject = childrenOf(element, 'subjectType')[0]?.attributes.code;
    if (subject !== 'person' && subject !== 'enterprise')
      refuseRecord(spec, item.record, `subjectType code is ${subject ? `"${subject}"` : 'missing'}, expected person or enterprise`);
    const aliases = childrenOf(element, 'nameAlias')
      .map((a) => ({
        name: wholeName(a),
        strong: a.attributes.strong !== 'false',
        language: (a.attributes.nameLanguage ?? '').toUpperCase(),
      }))
      .filter((a) => a.name !== '');
    if (aliases.length === 0) refuseRecord(spec, item.record, 'no nameAlias with a wholeName');
    const primary = aliases.find((a) => a.strong && (a.language === '' || a.language === 'EN')) ?? aliases[0];
    const names: WatchlistName[] = [
      { name: primary.name, quality: 'primary' },
      ...aliases.map((a) => ({ name: a.name, quality: a.strong ? ('strong' as const) : ('weak' as const) })),
    ];
    const regulations = childrenOf(element, 'regulation');
    const designated =
      element.attributes.designationDate ||
      regulations
        .map((r) => r.attributes.publicationDate ?? '')
        .filter((d) => /^\d{4}-\d{2}-\d{2}/.test(d))
        .sort()[0];
    const entry: WatchlistEntry = {
      list: 'eu_fsf',
      entry_id: logicalId,
      schema: subject === 'person' ? 'person' : 'organization',
      names: distinctNames(names),
      birth_dates: subject === 'person' ? distinct(childrenOf(element, 'birthdate').map(birthDate)) : [],
      nationalities: distinct(childrenOf(element, 'citizenship').map(countryOf)),
      documents: distinctDocuments(
        childrenOf(element, 'identification')
          .map(documentOf)
          .filter((d): d is WatchlistDocument => d !== undefined),
      ),
      programs: distinct(regulations.map((r) => r.attributes.programme || null)),
      listed_on: designated && /^\d{4}-\d{2}-\d{2}/.test(designated) ? designated.slice(0, 10) : null,
    };
    yield { kind: 'entry', entry, line: element.line };
  }
}

function wholeName(alias: XmlElement): string {
  const whole = (alias.attributes.wholeName ?? '').trim();
  if (whole) return whole;
  return ['firstName', 'middleName', 'lastName']
    .map((k) => (alias.attributes[k] ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/** `birthdate="1970-01-31"` when the day is known, else the `year` attribute. */
function birthDate(element: XmlElement): string | undefined {
  const full = /^(\d{4})-(\d{2})-(\d{2})$/.exec(element.attributes.birthdate ?? '');
  if (full) return calendarDate(Number(full[1]), Number(full[2]), Number(full[3])) ?? full[1];
  const year = element.attributes.year ?? '';
  return /^\d{4}$/.test(year) ? year : undefined;
}

/** The ISO code the file carries ("00" when unknown), else the country's name. */
function countryOf(element: XmlElement): string | undefined {
  const code = element.attributes.countryIsoCode ?? '';
  return countryCodeOf(code !== '00' && code !== '' ? code : element.attributes.countryDescription);
}

function documentOf(element: XmlElement): WatchlistDocument | undefined {
  const number = (element.attributes.number ?? '').trim();
  if (!number) return undefined;
  return {
    type: element.attributes.identificationTypeDescription || element.attributes.identificationTypeCode || null,
    number,
    country: countryOf(element) ?? null,
  };
}
