import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * An example institution's Siscoaf code tables (support/siscoaf-example-codes.csv) for the demo
 * company, the benchmark and the tests: the TpEnv numbers of Siscoaf's published table and
 * illustrative CodEnq numbers, whose descriptions say to replace them with the institution's
 * own export (docs/reports.md, "Code tables").
 */
export const EXAMPLE_CODES_CSV_PATH = path.join(__dirname, 'siscoaf-example-codes.csv');
export const exampleCodesCsv = (): string => readFileSync(EXAMPLE_CODES_CSV_PATH, 'utf8');

/** Complete occurrence data (PUT /reports/{uuid}/occurrence) for a coaf_cos whose titular has `document`. */
export function exampleOccurrence(titularDocument: string | null): Record<string, unknown> {
  const titular =
    titularDocument && /^(\d{11}|[0-9A-Z]{12}\d{2})$/.test(titularDocument)
      ? [
          {
            document: titularDocument,
            account: { agency_number: '0001', agency_name: 'Agência Central', number: '12345-6', opened_on: '2024-03-15' },
            records_updated_on: '2026-06-30',
          },
        ]
      : [];
  return {
    occurrence_number: 'OC-2026/0042',
    period: { start: '2026-10-01', end: '2026-11-20' },
    agency: { number: '0001', name: 'Agência Central', city: 'São Paulo', state: 'SP' },
    amounts: { credit: '150000.00', debit: '149500.5', provisioned: '0', proposed: '0' },
    parties: [...titular, { document: '39053344705', name: 'Procurador Fictício', role: 'representative', public_servant: 'municipal' }],
  };
}
