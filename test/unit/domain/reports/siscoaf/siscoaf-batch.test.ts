import iconv from 'iconv-lite';
import { buildReportSections } from '../../../../../domain/reports/build-report-sections';
import { resolveSiscoafCodes } from '../../../../../domain/reports/siscoaf/resolve-siscoaf-codes';
import { combineSiscoafBatch, siscoafBatchId } from '../../../../../domain/reports/siscoaf/siscoaf-batch';
import { checkSiscoafLayout } from '../../../../../domain/reports/siscoaf/siscoaf-layout';
import { siscoafOccurrence } from '../../../../../domain/reports/siscoaf/siscoaf-occurrence';
import { siscoafXml } from '../../../../../domain/reports/siscoaf/siscoaf-xml';
import { reportInput } from '../support/report-input';
import { institutionCodes, occurrenceData } from '../support/siscoaf-input';

const frozen = (uuid: string, number: string) => {
  const o = siscoafOccurrence(
    buildReportSections(reportInput('coaf_cos')),
    { ...occurrenceData(), occurrence_number: number },
    resolveSiscoafCodes(institutionCodes()),
  );
  return { uuid, xml: iconv.decode(siscoafXml(o, { reportUuid: uuid, draft: false }), 'latin1') };
};

describe('a Siscoaf batch of finalized reports', () => {
  it('joins their occurrences, byte for byte, under one LOTE that conforms', () => {
    const result = combineSiscoafBatch([frozen('a', 'OC-1'), frozen('b', 'OC-2')], siscoafBatchId(['a', 'b']));
    if (!('bytes' in result)) throw new Error('expected a batch');
    expect(checkSiscoafLayout(result.bytes)).toEqual([]);
    const text = iconv.decode(result.bytes, 'latin1');
    expect(text.match(/<OCORRENCIA>/g)).toHaveLength(2);
    expect(text).toContain(`<OCORRENCIAS ID="${siscoafBatchId(['b', 'a'])}">`);
    expect(text.indexOf('OC-1')).toBeLessThan(text.indexOf('OC-2'));
  });

  it.each([
    ['two occurrences with one number', [frozen('a', 'OC-1'), frozen('b', 'OC-1')], [['report_uuids.1', 'siscoaf_duplicate_occurrence']]],
    [
      'a report frozen in UTF-8 by template v1',
      [frozen('a', 'OC-1'), { uuid: 'old', xml: '<?xml version="1.0" encoding="UTF-8"?><LOTE/>' }],
      [['report_uuids.1', 'siscoaf_old_layout']],
    ],
  ])('refuses %s', (_name, reports, expected) => {
    const result = combineSiscoafBatch(reports, 'x');
    expect('issues' in result ? result.issues.map((i) => [i.loc.join('.'), i.type]) : []).toEqual(expected);
  });

  it('names a batch by its reports, in any order', () => {
    expect(siscoafBatchId(['a', 'b'])).toBe(siscoafBatchId(['b', 'a']));
    expect(siscoafBatchId(['a'])).toMatch(/^lote-[0-9a-f]{16}$/);
  });
});
