import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { readEuFsf } from '../../../../importers/watchlists/read-eu-fsf';
import type { WatchlistReadItem } from '../../../../importers/watchlists/watchlist-read-item';

const fixture = (name: string) => path.join(__dirname, '..', '..', '..', 'fixtures', 'watchlists', name);

async function readAll(stream: Readable): Promise<WatchlistReadItem[]> {
  const items: WatchlistReadItem[] = [];
  for await (const item of readEuFsf(stream, 'eu.xml')) items.push(item);
  return items;
}

const eu = (body: string, root = '<export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="2026-11-01T09:00:00.000+01:00">') =>
  Readable.from([`<?xml version="1.0"?>\n${root}\n${body}\n</export>`]);

describe('the EU Financial Sanctions Files reader', () => {
  it('reads the version from generationDate (as a UTC instant) and every sanctionEntity', async () => {
    const items = await readAll(createReadStream(fixture('eu-fsf-2026-11-15.xml'), { highWaterMark: 128 }));
    expect(items[0]).toEqual({
      kind: 'version',
      version: { version: '2026-11-15T08:00:00.000Z', published_at: '2026-11-15T08:00:00.000Z' },
    });
    const entries = items.flatMap((i) => (i.kind === 'entry' ? [i.entry] : []));
    expect(entries[0]).toEqual({
      list: 'eu_fsf',
      entry_id: '770001',
      schema: 'person',
      names: [
        { name: 'Ali Reza Karimi', quality: 'primary' },
        { name: 'Alireza', quality: 'weak' },
      ],
      birth_dates: ['1965-09-30'],
      nationalities: ['IR'],
      documents: [{ type: 'National passport', number: 'K12345678', country: 'IR' }],
      programs: ['IRN'],
      listed_on: '2012-03-23',
    });
    expect(entries[1]).toMatchObject({
      entry_id: '770003',
      birth_dates: ['1980'],
      nationalities: ['RU'],
      listed_on: '2026-11-10',
      names: [{ name: 'Elena Sergeyevna Volkova' }, { name: 'Елена Сергеевна Волкова', quality: 'strong' }],
    });
  });

  it('reads an enterprise as an organization, with an unknown ("00") citizenship left out', async () => {
    const items = await readAll(createReadStream(fixture('eu-fsf-2026-11-01.xml')));
    const entries = items.flatMap((i) => (i.kind === 'entry' ? [i.entry] : []));
    expect(entries[1]).toMatchObject({
      entry_id: '770002',
      schema: 'organization',
      nationalities: [],
      programs: ['RUS'],
      listed_on: '2022-04-08',
    });
  });

  it.each([
    ['another root', Readable.from(['<sdnList/>']), /the root element is <sdnList>, expected <export>/],
    ['no generationDate', eu('', '<export>'), /<export> at line 2: generationDate is missing/],
    [
      'an entity without logicalId',
      eu('<sanctionEntity>\n<subjectType code="person"/></sanctionEntity>'),
      /<sanctionEntity> at line 3 \(export\/sanctionEntity\): the logicalId attribute is missing/,
    ],
    [
      'an unknown subject type',
      eu('<sanctionEntity logicalId="1"><subjectType code="vessel"/></sanctionEntity>'),
      /subjectType code is "vessel", expected person or enterprise/,
    ],
    [
      'an entity without names',
      eu('<sanctionEntity logicalId="1"><subjectType code="person"/><nameAlias wholeName=""/></sanctionEntity>'),
      /<sanctionEntity> at line 3 .*: no nameAlias with a wholeName/,
    ],
    [
      'a broken attribute',
      eu('<sanctionEntity logicalId="1><subjectType code="person"/></sanctionEntity>'),
      /line 3 \(in export\): disallowed character/,
    ],
  ])('refuses %s, naming the element and line', async (_what, stream, message) => {
    await expect(readAll(stream)).rejects.toThrow(message);
  });
});
