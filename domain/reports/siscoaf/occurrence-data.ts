import type { ValidationIssue } from '../../errors';

/**
 * What a verdict cannot know about the communicated occurrence, entered by the officer on the
 * draft (`PUT /reports/{uuid}/occurrence`, docs/reports.md "Occurrence data"): its number in the
 * institution, its period, the agency, the amounts (decimal BRL strings) and account data of the
 * involved parties. Every part is optional while the report is a draft; finalize lists what is
 * missing. A party is matched to `envolvidos` by its document; one the sections do not list
 * is added with its `name` and `role`.
 */
export type PublicServant = 'no' | 'yes' | 'federal' | 'state' | 'municipal';
export type OccurrenceParty = {
  document: string;
  name?: string;
  role?: 'titular' | 'representative' | 'beneficial_owner' | 'other';
  account?: { agency_number?: string; agency_name?: string; number?: string; opened_on?: string };
  records_updated_on?: string;
  public_servant?: PublicServant;
};
export type OccurrenceData = {
  occurrence_number?: string;
  period?: { start?: string; end?: string };
  agency?: { number?: string; name?: string; city?: string; state?: string };
  amounts?: { credit?: string; debit?: string; provisioned?: string; proposed?: string };
  parties?: OccurrenceParty[];
};

/** ServPub of the layout: 0 não, 1 sim, 2 federal, 3 estadual, 4 municipal. */
export const servPubCodes: Record<PublicServant, string> = { no: '0', yes: '1', federal: '2', state: '3', municipal: '4' };

const required: [string, (d: OccurrenceData) => unknown][] = [
  ['occurrence_number', (d) => d.occurrence_number],
  ['period.start', (d) => d.period?.start],
  ['period.end', (d) => d.period?.end],
  ['agency.number', (d) => d.agency?.number],
  ['agency.name', (d) => d.agency?.name],
  ['agency.city', (d) => d.agency?.city],
  ['agency.state', (d) => d.agency?.state],
  ['amounts.credit', (d) => d.amounts?.credit],
  ['amounts.debit', (d) => d.amounts?.debit],
  ['amounts.provisioned', (d) => d.amounts?.provisioned],
  ['amounts.proposed', (d) => d.amounts?.proposed],
];

/**
 * What finalize still needs, one issue per missing field at `occurrence.<path>` (an amount
 * that did not occur is "0.00", not absent: the officer states it), and the period's order.
 */
export function missingOccurrenceData(data: OccurrenceData | null): ValidationIssue[] {
  const d = data ?? {};
  const issues: ValidationIssue[] = required
    .filter(([, get]) => get(d) === undefined || get(d) === '')
    .map(([path]) => ({
      loc: ['occurrence', ...path.split('.')],
      msg: 'required before finalize: PUT /reports/{uuid}/occurrence',
      type: 'occurrence_missing',
    }));
  if (d.period?.start && d.period.end && d.period.start > d.period.end)
    issues.push({ loc: ['occurrence', 'period', 'end'], msg: 'must not be before period.start', type: 'occurrence_invalid' });
  (d.parties ?? []).forEach((p, i) => {
    if ((p.role === undefined) !== (p.name === undefined))
      issues.push({
        loc: ['occurrence', 'parties', i],
        msg: 'a party the sections do not list needs both name and role',
        type: 'occurrence_invalid',
      });
  });
  return issues;
}
