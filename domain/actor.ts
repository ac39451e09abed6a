import type { PlanLimits } from './plan-limits';
import { isRole, type Role } from './roles';
import type { AuthContext, MemberAuth } from './tenancy';

/**
 * Who acts (docs/architecture.md, "The actor"): every use case receives one `Actor`, the same
 * plain, JSON-serializable value from the HTTP edge (or the ops CLI, or the service) through
 * Temporal payloads to the activities. What a record keeps of it is its public form
 * (`recordedActorOf`): assignments, decisions, notes and audit events store that.
 */
export type ActorType = 'user' | 'api_key' | 'operator' | 'system';

/**
 * What a record keeps of an actor, as the API shows it: a person's id, a key's uuid, the
 * operator's name, or the service. A person acting through their personal key is that person
 * (`user`), the key named in `via_key` (docs/people-and-cases.md, "Four eyes"). Output only: no
 * use case takes one as its actor (a workflow payload written before the actor was one type holds
 * one, which the audit trail still records as is: docs/architecture.md, "The actor").
 */
export type RecordedActor = { type: ActorType; id: string; name: string; via_key?: string };

/** A company as a use case scopes by it: the internal id (foreign keys) and the public uuid. */
export type CompanyRef = { id: number; uuid: string };

/** A plan as an actor carries it: plain data, so the actor serializes (features as a list). */
export type ActorPlan = { code: string; features: readonly string[]; quotas: AuthContext['plan']['quotas'] };

/**
 * A member of a company: an API key or a signed-in person (docs/sign-in.md). It acts on its own
 * company only, under that company's plan (features, quotas and limits as admitted).
 */
export type KeyActor = {
  type: 'api_key';
  /** The key's uuid. */
  id: string;
  name: string;
  company: CompanyRef;
  plan: ActorPlan;
  planLimits: PlanLimits;
};

/**
 * A person signed in through the identity provider, or through their personal key: their powers
 * are their roles' (domain/roles.ts), a personal key's no more than its scopes and the roles allow.
 */
export type PersonActor = {
  type: 'user';
  /** The person's uuid (the `people` row). */
  id: string;
  name: string;
  company: CompanyRef;
  roles: readonly Role[];
  /** The uuid of the personal key the person acts through; absent when signed in. */
  viaKey?: string;
  plan: ActorPlan;
  planLimits: PlanLimits;
};

export type MemberActor = KeyActor | PersonActor;

/** What a signed-in person is, as the session admission reads it (api/edge/session-admission.ts). */
export type PersonAuth = MemberAuth & { personUuid: string; personName: string; roles: readonly Role[] };

/** A person running the ops CLI: acts across companies, so a company-scoped operation names its company in the input. */
export type OperatorActor = { type: 'operator'; name: string };

/** The service itself (activities, workflows' cleanups): like an operator, it names the company in the input. */
export type SystemActor = { type: 'system' };

export type Actor = MemberActor | OperatorActor | SystemActor;

export const SYSTEM_ACTOR: SystemActor = Object.freeze({ type: 'system' });

const SERVICE_NAME = 'entity-risk-analysis-service';

/** The plan as admitted, as plain data (features sorted, so one plan is one value). */
export function actorPlanOf(plan: AuthContext['plan']): ActorPlan {
  return { code: plan.code, features: [...plan.features].sort(), quotas: plan.quotas };
}

/** The actor of an authenticated API key (api/key-admission.ts): named by the key's name, else its uuid. */
export function apiKeyActor(auth: AuthContext): KeyActor {
  return {
    type: 'api_key',
    id: auth.keyUuid,
    name: auth.keyName ?? auth.keyUuid,
    company: { id: auth.companyId, uuid: auth.companyUuid },
    plan: actorPlanOf(auth.plan),
    planLimits: auth.planLimits,
  };
}

/**
 * The actor of a personal key (`ops key create --person`): the key's person, named by their name,
 * with the key recorded as the way they came in. A company key (no person) is apiKeyActor's.
 */
export function personalKeyActor(auth: AuthContext & { person: NonNullable<AuthContext['person']> }): PersonActor {
  return {
    type: 'user',
    id: auth.person.uuid,
    name: auth.person.name,
    company: { id: auth.companyId, uuid: auth.companyUuid },
    roles: auth.person.roles.filter(isRole),
    viaKey: auth.keyUuid,
    plan: actorPlanOf(auth.plan),
    planLimits: auth.planLimits,
  };
}

/** The actor of a signed-in person: named by their name from the identity provider. */
export function personActor(auth: PersonAuth): PersonActor {
  return {
    type: 'user',
    id: auth.personUuid,
    name: auth.personName,
    company: { id: auth.companyId, uuid: auth.companyUuid },
    roles: auth.roles,
    plan: actorPlanOf(auth.plan),
    planLimits: auth.planLimits,
  };
}

/** The ops CLI's actor: a name is required (ops/operator.ts takes it from --operator or the OS user). */
export function operatorActor(name: string): OperatorActor {
  const trimmed = name.trim();
  if (trimmed === '') throw new Error('an operator needs a name');
  return { type: 'operator', name: trimmed };
}

/** Whether a value read from a payload is a record (the older payload shape) rather than an Actor. */
export function isRecordedActor(actor: Actor | RecordedActor): actor is RecordedActor {
  return 'id' in actor && !('company' in actor);
}

/** The public `{type, id, name}` an actor is recorded as (a record read from an older payload stays itself). */
export function recordedActorOf(actor: Actor | RecordedActor): RecordedActor {
  if (isRecordedActor(actor)) return actor;
  switch (actor.type) {
    case 'api_key':
      return { type: actor.type, id: actor.id, name: actor.name };
    case 'user':
      return actor.viaKey
        ? { type: 'user', id: actor.id, name: actor.name, via_key: actor.viaKey }
        : { type: 'user', id: actor.id, name: actor.name };
    case 'operator':
      return { type: 'operator', id: actor.name, name: actor.name };
    case 'system':
      return { type: 'system', id: SERVICE_NAME, name: SERVICE_NAME };
  }
}

/**
 * The company a company-scoped operation acts on: a member's own (naming another one is a
 * programming error, never a silent switch); an operator or the service must name it. There is
 * no "every company": an operation across companies is its own, explicitly named function.
 */
export function companyIdActedOn(actor: Actor, namedCompanyId?: number): number {
  if (actor.type === 'api_key' || actor.type === 'user') {
    if (namedCompanyId !== undefined && namedCompanyId !== actor.company.id)
      throw new Error(`a member of company ${actor.company.id} cannot act on company ${namedCompanyId}`);
    return actor.company.id;
  }
  if (namedCompanyId === undefined) throw new Error(`the ${actor.type} must name the company it acts on`);
  return namedCompanyId;
}
