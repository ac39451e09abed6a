import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { birthDates, readOfacSdn } from '../../../../importers/watchlists/read-ofac-sdn';
import type { WatchlistReadItem } from '../../../../importers/watchlists/watchlist-read-item';

const fixture = (name: string) => path.join(__dirname, '..', '..', '..', 'fixtures', 'watchlists', name);

async function readAll(stream: Readable, skipped: string[] = []): Promise<WatchlistReadItem[]> {
  const items: WatchlistReadItem[] = [];
  for await (const item of readOfacSdn(stream, 'sdn.xml', undefined, (line, why) => skipped.push(`${line}: ${why}`))) items.push(item);
  return items;
}

const sdn = (body: string, published = '<publshInformation><Publish_Date>11/01/2026</Publish_Date></publshInformation>') =>
  Readable.from([`<?xml version="1.0"?>\n<sdnList xmlns="http://tempuri.org/sdnList.xsd">\n${published}\n${body}\n</sdnList>`]);

describe("OFAC's SDN list reader", () => {
  it('reads the version from Publish_Date (MM/DD/YYYY), individuals and entities, and skips vessels', async () => {
    const skipped: string[] = [];
    const items = await readAll(createReadStream(fixture('ofac-sdn-2026-11-01.xml'), { highWaterMark: 100 }), skipped);
    expect(items[0]).toEqual({ kind: 'version', version: { version: '2026-11-01', published_at: '2026-11-01T00:00:00.000Z' } });
    const entries = items.flatMap((i) => (i.kind === 'entry' ? [i.entry] : []));
    expect(entries[0]).toEqual({
      list: 'ofac_sdn',
      entry_id: '990001',
      schema: 'person',
      names: [
        { name: 'Viktor Arkadyevich MOROZOV', quality: 'primary' },
        { name: 'Victor MOROZOFF', quality: 'strong' },
        { name: 'VITYA', quality: 'weak' },
      ],
      birth_dates: ['1968-03-14'],
      nationalities: ['RU', 'CY'],
      documents: [{ type: 'Passport', number: '7123456789', country: 'RU' }],
      programs: ['RUSSIA-EO14024'],
      listed_on: null,
    });
    expect(entries[1]).toMatchObject({
      entry_id: '990002',
      schema: 'organization',
      programs: ['SDGT', 'IRGC'],
      names: [
        { name: 'NORTHERN STAR SHIPPING LTD', quality: 'primary' },
        { name: 'POLARIS MARITIME LIMITED', quality: 'strong' },
      ],
    });
    expect(entries).toHaveLength(2);
    expect(skipped).toEqual([expect.stringMatching(/^\d+: sdnEntry 990003: sdnType Vessel is not screened by name$/)]);
  });

  it.each([
    ['01 Jan 1970', ['1970-01-01']],
    ['31 Feb 1970', ['1970']],
    ['Jan 1970', ['1970']],
    ['circa 1975', ['1975']],
    ['1976 to 1977', ['1976', '1977']],
    ['01 Jan 1960 to 31 Dec 1961', ['1960', '1961']],
    ['unknown', []],
  ])('dateOfBirth %p → %p', (text, dates) => {
    expect(birthDates(text)).toEqual(dates);
  });

  it.each([
    ['another root', Readable.from(['<CONSOLIDATED_LIST/>']), /the root element is <CONSOLIDATED_LIST>, expected <sdnList>/],
    [
      'a bad Publish_Date',
      sdn('', '<publshInformation><Publish_Date>2026-11-01</Publish_Date></publshInformation>'),
      /<publshInformation> at line 3 \(sdnList\/publshInformation\): Publish_Date is not MM\/DD\/YYYY: "2026-11-01"/,
    ],
    [
      'an entry without uid',
      sdn('<sdnEntry><lastName>X</lastName><sdnType>Entity</sdnType></sdnEntry>'),
      /<sdnEntry> at line 4 \(sdnList\/sdnEntry\): uid is missing/,
    ],
    [
      'an entry without name',
      sdn('<sdnEntry><uid>1</uid><sdnType>Entity</sdnType></sdnEntry>'),
      /<sdnEntry> at line 4 .*: lastName is missing/,
    ],
    ['an unclosed entry', sdn('<sdnEntry><uid>1</uid>'), /line 5 \(in sdnList\): unexpected close tag/],
  ])('refuses %s, naming the element and line', async (_what, stream, message) => {
    await expect(readAll(stream)).rejects.toThrow(message);
  });
});
