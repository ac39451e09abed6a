import type { Executor } from '../../create-db';

/**
 * What the resource rows of a company's workflow runs record as their step (GET /workflows):
 * an analysis its current_step, a screening, a webhook event and a case their status. Keyed `<kind>:<uuid>`.
 */
const stepColumns: Record<string, { table: string; column: string }> = {
  analysis: { table: 'analyses', column: 'current_step' },
  screening: { table: 'screenings', column: 'status' },
  webhook_delivery: { table: 'webhook_events', column: 'status' },
  case: { table: 'cases', column: 'status' },
};

export async function findResourceSteps(
  db: Executor,
  companyId: number,
  refs: { kind: string | null; uuid: string | null }[],
): Promise<Map<string, string>> {
  const steps = new Map<string, string>();
  for (const [kind, { table, column }] of Object.entries(stepColumns)) {
    const uuids = [...new Set(refs.filter((r) => r.kind === kind && r.uuid && /^[0-9a-f-]{36}$/i.test(r.uuid)).map((r) => r.uuid!))];
    if (uuids.length === 0) continue;
    const rows: { uuid: string; step: string }[] = await db(table)
      .where({ company_id: companyId })
      .whereIn('uuid', uuids)
      .select('uuid', `${column} as step`);
    for (const row of rows) steps.set(`${kind}:${row.uuid}`, row.step);
  }
  return steps;
}
