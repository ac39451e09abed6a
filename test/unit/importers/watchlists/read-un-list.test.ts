import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { readUnList } from '../../../../importers/watchlists/read-un-list';
import type { WatchlistReadItem } from '../../../../importers/watchlists/watchlist-read-item';

const fixture = (name: string) => path.join(__dirname, '..', '..', '..', 'fixtures', 'watchlists', name);

async function readAll(stream: Readable): Promise<WatchlistReadItem[]> {
  const items: WatchlistReadItem[] = [];
  for await (const item of readUnList(stream, 'consolidated.xml')) items.push(item);
  return items;
}

const xml = (body: string, root = '<CONSOLIDATED_LIST dateGenerated="2026-11-01T10:00:00.000Z">') =>
  Readable.from([`<?xml version="1.0"?>\n${root}\n${body}\n</CONSOLIDATED_LIST>`]);

describe('the UN Consolidated List reader', () => {
  it('reads the version from dateGenerated and every individual and entity', async () => {
    const items = await readAll(createReadStream(fixture('un-consolidated-2026-11-01.xml'), { highWaterMark: 64 }));
    expect(items[0]).toEqual({
      kind: 'version',
      version: { version: '2026-11-01T10:00:00.000Z', published_at: '2026-11-01T10:00:00.000Z' },
    });
    const entries = items.flatMap((i) => (i.kind === 'entry' ? [i.entry] : []));
    expect(entries.map((e) => [e.entry_id, e.schema])).toEqual([
      ['QDi.901', 'person'],
      ['KPi.902', 'person'],
      ['QDe.903', 'organization'],
    ]);
    expect(entries[0]).toEqual({
      list: 'un',
      entry_id: 'QDi.901',
      schema: 'person',
      names: [
        { name: 'ABDUL RAHMAN YUSUF AL-QASIMI', quality: 'primary' },
        { name: 'Abd al-Rahman Yousef al-Qasimi', quality: 'strong' },
        { name: 'Abu Yusuf', quality: 'weak' },
      ],
      birth_dates: ['1971-04-12', '1972'],
      nationalities: ['YE'],
      documents: [{ type: 'Passport', number: '00123987', country: 'YE' }],
      programs: ['Al-Qaida'],
      listed_on: '2010-03-15',
    });
    expect(entries[1]).toMatchObject({
      names: [
        { name: 'KIM CHOL HWAN', quality: 'primary' },
        { name: '김철환', quality: 'strong' },
      ],
      birth_dates: ['1960', '1961', '1962'],
      nationalities: ['KP'],
    });
    expect(entries[2].names.map((n) => n.quality)).toEqual(['primary', 'strong', 'strong']);
  });

  it.each([
    ['not XML at all', Readable.from(['hello, world']), /consolidated\.xml: not in the expected format: line 1: .*/],
    ['another root', Readable.from(['<sdnList><x/></sdnList>']), /the root element is <sdnList>, expected <CONSOLIDATED_LIST>/],
    ['no version', xml('<INDIVIDUALS/>', '<CONSOLIDATED_LIST>'), /<CONSOLIDATED_LIST> at line 2: dateGenerated is missing/],
    ['a bad version', xml('<INDIVIDUALS/>', '<CONSOLIDATED_LIST dateGenerated="yesterday">'), /dateGenerated is not a date: "yesterday"/],
    [
      'an entry without reference',
      xml('<INDIVIDUALS>\n<INDIVIDUAL><FIRST_NAME>X</FIRST_NAME></INDIVIDUAL>\n</INDIVIDUALS>'),
      /<INDIVIDUAL> at line 4 \(CONSOLIDATED_LIST\/INDIVIDUALS\/INDIVIDUAL\): REFERENCE_NUMBER is missing/,
    ],
    [
      'an entity without a name',
      xml('<ENTITIES>\n\n<ENTITY><REFERENCE_NUMBER>QDe.1</REFERENCE_NUMBER></ENTITY></ENTITIES>'),
      /<ENTITY> at line 5 \(CONSOLIDATED_LIST\/ENTITIES\/ENTITY\): FIRST_NAME is missing/,
    ],
    [
      'a broken tag',
      xml('<INDIVIDUALS>\n<INDIVIDUAL><FIRST_NAME>X</SECOND_NAME></INDIVIDUAL></INDIVIDUALS>'),
      /line 4 \(in CONSOLIDATED_LIST\/INDIVIDUALS\/INDIVIDUAL\): unexpected close tag/,
    ],
    [
      'a truncated file',
      Readable.from(['<CONSOLIDATED_LIST dateGenerated="2026-11-01T10:00:00Z">\n<INDIVIDUALS>\n<INDIVIDUAL>']),
      /line 3 \(in CONSOLIDATED_LIST\/INDIVIDUALS\/INDIVIDUAL\): unclosed tag: INDIVIDUAL/,
    ],
  ])('refuses %s, naming the element and line', async (_what, stream, message) => {
    await expect(readAll(stream as Readable)).rejects.toThrow(message);
  });
});
