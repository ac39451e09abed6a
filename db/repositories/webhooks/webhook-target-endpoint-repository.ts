import type { Executor } from '../../create-db';

/**
 * Which endpoints receive an event: the company's active endpoints, if its plan has webhooks, that
 * are the one named explicitly or (with `subscribers`) subscribe to the type. Named bindings
 * :company, :explicit, :subscribers, :type. The one definition, shared by findTargetEndpoints and
 * the publication statement (webhook-publication-repository.ts), which extends its WHERE clause.
 */
export const targetEndpointsSql = `
  select p.id, p.uuid, c.uuid as company_uuid
    from webhook_endpoints p
    join companies c on c.id = p.company_id
    join plans pl on pl.id = c.plan_id
   where p.company_id = :company and p.status = 'active' and 'webhooks' = any(pl.features)
     and (p.uuid = cast(:explicit as uuid) or (cast(:subscribers as boolean) and :type = any(p.subscribed_events)))`;

export type TargetEndpointsInput = { companyId: number; type: string; explicitEndpointUuid: string | null; subscribersToo: boolean };

export function targetEndpointsBindings(input: TargetEndpointsInput) {
  return { company: input.companyId, explicit: input.explicitEndpointUuid, subscribers: input.subscribersToo, type: input.type };
}

/** Active endpoints of the company that should receive an event of this type. */
export async function findTargetEndpoints(
  db: Executor,
  input: TargetEndpointsInput,
): Promise<{ id: number; uuid: string; company_uuid: string }[]> {
  const { rows } = await db.raw(
    `${targetEndpointsSql}
   order by p.id`,
    targetEndpointsBindings(input),
  );
  return rows;
}
