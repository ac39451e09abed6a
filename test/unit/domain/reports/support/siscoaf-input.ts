import { exampleCodesCsv } from '../../../../../support/siscoaf-example';
import type { OccurrenceData } from '../../../../../domain/reports/siscoaf/occurrence-data';
import type { InstitutionCode } from '../../../../../domain/reports/siscoaf/resolve-siscoaf-codes';

/** The example institution table of support/siscoaf-example-codes.csv (illustrative CodEnq numbers). */
export function institutionCodes(): InstitutionCode[] {
  const lines = exampleCodesCsv().trim().split('\n').slice(1);
  return lines.map((line) => {
    const [table, code, ...description] = line.split(',');
    return { table: table as InstitutionCode['table'], code, description: description.join(',') };
  });
}

/** Complete occurrence data for the golden report (the titular's account; a party the sections lack). */
export function occurrenceData(): OccurrenceData {
  return {
    occurrence_number: 'OC-2026/0042',
    period: { start: '2026-10-01', end: '2026-11-20' },
    agency: { number: '0001', name: 'Agência Central', city: 'São Paulo', state: 'SP' },
    amounts: { credit: '150000.00', debit: '149500.5', provisioned: '0', proposed: '0.00' },
    parties: [
      {
        document: '12345671000173',
        account: { agency_number: '0001', agency_name: 'Agência Central', number: '12345-6', opened_on: '2024-03-15' },
        records_updated_on: '2026-06-30',
      },
      { document: '39053344705', name: 'Procurador Fictício', role: 'representative', public_servant: 'municipal' },
    ],
  };
}
