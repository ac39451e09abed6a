import { missingOccurrenceData, servPubCodes } from '../../../../../domain/reports/siscoaf/occurrence-data';
import { occurrenceData } from '../support/siscoaf-input';

const missing = (data: any) => missingOccurrenceData(data).map((i) => [i.loc.join('.'), i.type]);

describe('occurrence data completeness', () => {
  it('complete data lacks nothing', () => expect(missing(occurrenceData())).toEqual([]));

  it('nothing entered lists every field', () => {
    expect(missing(null).map(([loc]) => loc)).toEqual([
      'occurrence.occurrence_number',
      'occurrence.period.start',
      'occurrence.period.end',
      'occurrence.agency.number',
      'occurrence.agency.name',
      'occurrence.agency.city',
      'occurrence.agency.state',
      'occurrence.amounts.credit',
      'occurrence.amounts.debit',
      'occurrence.amounts.provisioned',
      'occurrence.amounts.proposed',
    ]);
  });

  it.each([
    ['an amount left out', (d: any) => delete d.amounts.proposed, [['occurrence.amounts.proposed', 'occurrence_missing']]],
    ['an empty number', (d: any) => (d.occurrence_number = ''), [['occurrence.occurrence_number', 'occurrence_missing']]],
    ['a period backwards', (d: any) => (d.period.end = '2026-09-30'), [['occurrence.period.end', 'occurrence_invalid']]],
    ['an added party without role', (d: any) => delete d.parties[1].role, [['occurrence.parties.1', 'occurrence_invalid']]],
    ['no parties at all is fine', (d: any) => delete d.parties, []],
  ])('%s', (_name, change, expected) => {
    const d = occurrenceData();
    change(d);
    expect(missing(d)).toEqual(expected);
  });

  it('maps public service to ServPub 0–4', () =>
    expect(servPubCodes).toEqual({ no: '0', yes: '1', federal: '2', state: '3', municipal: '4' }));
});
