import { z } from 'zod';
import { listPeople } from '../../db/repositories/people/person-repository';
import { findCompanyByUuid } from '../../db/repositories/tenancy/tenancy-repository';
import { NotFoundError } from '../../domain/errors';
import { deactivatePerson } from '../../usecases/people/deactivate-person';
import { defineCommand } from '../command';

export const peopleList = defineCommand({
  name: ['people', 'list'],
  summary: "List a company's people (provisioned at their first sign-in): id, name, roles, active",
  flags: { company: { type: 'string', value: '<company uuid>', help: 'the company', required: true } },
  examples: ['people list --company 0b9a7c1e-4f7d-4c55-9d1e-6d2f2a0c3b10 --json'],
  options: z.object({ company: z.uuid() }),
  run: async ({ options, db }) => {
    const executor = await db();
    const company = await findCompanyByUuid(executor, options.company);
    if (!company) throw new NotFoundError('company');
    const people = (await listPeople(executor, company.id)).map((p) => ({
      person_uuid: p.uuid,
      name: p.name,
      email: p.email,
      roles: p.roles,
      active: p.deactivated_at === null,
      deactivated_at: p.deactivated_at ? new Date(p.deactivated_at).toISOString() : null,
    }));
    return { company_uuid: options.company, count: people.length, people };
  },
});

export const peopleDeactivate = defineCommand({
  name: ['people', 'deactivate'],
  summary: 'Deactivate a person who left: revokes their personal keys, ends their sessions, refuses their sign-in (audited)',
  flags: { person: { type: 'string', value: '<person id>', help: 'the person (ops people list, GET /people)', required: true } },
  examples: ['people deactivate --person 6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d --json'],
  options: z.object({ person: z.uuid() }),
  run: async ({ options, db, actor }) => {
    const done = await deactivatePerson({ db: await db() }, actor, { personUuid: options.person });
    return {
      person_uuid: done.personUuid,
      deactivated_at: done.deactivatedAt,
      keys_revoked: done.keysRevoked,
      sessions_ended: done.sessionsEnded,
    };
  },
});
