import { administratorQualifications, organizationRules, registrationStatuses } from '../../domain/entity-store/organization-kind';

const quote = (v: string) => `'${v.replace(/'/g, "''")}'`;

/** The pure rule table of domain/entity-store/organization-kind.ts as a SQL CASE, so bulk loads and the TS function agree. */
export function organizationCaseSql(field: 'entityType' | 'category', natureColumn: string, cnaeColumn: string): string {
  const branches = organizationRules.map((rule) => {
    const condition = rule.natureCodes
      ? `${natureColumn} IN (${rule.natureCodes.map(quote).join(', ')})`
      : rule.naturePrefix
        ? `${natureColumn} LIKE ${quote(`${rule.naturePrefix}%`)}`
        : `${cnaeColumn} LIKE ${quote(`${rule.cnaePrefix}%`)}`;
    return `WHEN ${condition} THEN ${quote(rule[field])}`;
  });
  const fallback =
    field === 'entityType' ? quote('organization') : `CASE WHEN ${natureColumn} IS NULL THEN 'private_company' ELSE 'other' END`;
  return `CASE ${branches.join(' ')} ELSE ${fallback} END`;
}

function lookupCaseSql(map: Record<string, string>, column: string): string {
  return `CASE ${column} ${Object.entries(map)
    .map(([k, v]) => `WHEN ${quote(k)} THEN ${quote(v)}`)
    .join(' ')} ELSE NULL END`;
}

export const statusCaseSql = (column: string) => lookupCaseSql(registrationStatuses, column);
export const administratorListSql = [...administratorQualifications].map(quote).join(', ');
