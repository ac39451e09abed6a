import {
  type Actor,
  isRecordedActor,
  type RecordedActor,
  recordedActorOf,
  apiKeyActor,
  companyIdActedOn,
  operatorActor,
  personActor,
  personalKeyActor,
  SYSTEM_ACTOR,
} from '../../../domain/actor';
import type { AuthContext } from '../../../domain/tenancy';

const auth = (keyName: string | null): AuthContext => ({
  keyId: 7,
  keyUuid: '0b7a4c1e-2f3d-4e5f-8a9b-0c1d2e3f4a5b',
  keyName,
  companyId: 42,
  companyUuid: '5d6e7f80-9a1b-4c2d-8e3f-a0b1c2d3e4f5',
  scopes: new Set(['analyses:read']),
  plan: { code: 'pro', features: new Set(['analyses']), quotas: { analyses: 10 } },
  lastUsedAt: null,
  planLimits: {},
  person: null,
});
const member = apiKeyActor(auth('backoffice'));
const operator = operatorActor('  maria  ');
const person = personActor({
  personUuid: '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d',
  personName: 'Ana Analyst',
  roles: ['analyst'],
  companyId: 42,
  companyUuid: '5d6e7f80-9a1b-4c2d-8e3f-a0b1c2d3e4f5',
  scopes: new Set(['analyses:read']),
  plan: { code: 'pro', features: new Set(['analyses']), quotas: { analyses: 10 } },
  planLimits: {},
});

describe('personActor: the member a signed-in person is', () => {
  it('is a user named by their name, in their company, with their roles and plan', () => {
    expect(person).toMatchObject({
      type: 'user',
      id: '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d',
      name: 'Ana Analyst',
      roles: ['analyst'],
      company: { id: 42, uuid: '5d6e7f80-9a1b-4c2d-8e3f-a0b1c2d3e4f5' },
    });
    expect(person.plan.code).toBe('pro');
  });
});

const otavio = { uuid: '7b8c9d0e-1f2a-4b3c-9d4e-5f6a7b8c9d0e', name: 'Otávio Officer', roles: ['officer'] as const };
const personalKey = personalKeyActor({ ...auth('otavio approvals'), person: otavio });

describe('personalKeyActor: the member a personal key is', () => {
  it("is its person, through the key: a user with the person's id, name and roles", () => {
    expect(personalKey).toMatchObject({
      type: 'user',
      id: otavio.uuid,
      name: 'Otávio Officer',
      roles: ['officer'],
      viaKey: '0b7a4c1e-2f3d-4e5f-8a9b-0c1d2e3f4a5b',
      company: { id: 42 },
    });
  });
});

describe('apiKeyActor: the member an authenticated key is', () => {
  it.each([
    ['a named key', 'backoffice', 'backoffice'],
    ['a key without a name: its uuid', null, '0b7a4c1e-2f3d-4e5f-8a9b-0c1d2e3f4a5b'],
  ])('%s is named %s', (_case, keyName, name) => {
    const actor = apiKeyActor(auth(keyName));
    expect(actor).toMatchObject({
      type: 'api_key',
      id: '0b7a4c1e-2f3d-4e5f-8a9b-0c1d2e3f4a5b',
      name,
      company: { id: 42, uuid: '5d6e7f80-9a1b-4c2d-8e3f-a0b1c2d3e4f5' },
    });
    expect(actor.plan.code).toBe('pro');
  });
});

describe('operatorActor', () => {
  it.each([
    ['', 'an operator needs a name'],
    ['   ', 'an operator needs a name'],
  ])('refuses the name %j', (name, message) => {
    expect(() => operatorActor(name)).toThrow(message);
  });
  it('trims the name', () => expect(operator).toEqual({ type: 'operator', name: 'maria' }));
});

describe('recordedActorOf: the public {type, id, name}', () => {
  it.each<[string, Actor, unknown]>([
    ['an API key: its uuid and name', member, { type: 'api_key', id: '0b7a4c1e-2f3d-4e5f-8a9b-0c1d2e3f4a5b', name: 'backoffice' }],
    ['a person: their uuid and name', person, { type: 'user', id: '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d', name: 'Ana Analyst' }],
    [
      'a person through their personal key: the person, and the key as via_key',
      personalKey,
      { type: 'user', id: otavio.uuid, name: 'Otávio Officer', via_key: '0b7a4c1e-2f3d-4e5f-8a9b-0c1d2e3f4a5b' },
    ],
    ['an operator: its name', operator, { type: 'operator', id: 'maria', name: 'maria' }],
    ['the service', SYSTEM_ACTOR, { type: 'system', id: 'entity-risk-analysis-service', name: 'entity-risk-analysis-service' }],
  ])('%s', (_case, actor, ref) => {
    expect(recordedActorOf(actor)).toEqual(ref);
  });
  it('carries nothing of the company or the plan', () =>
    expect(Object.keys(recordedActorOf(member)).sort()).toEqual(['id', 'name', 'type']));
});

describe('the actor is one serializable value (HTTP, Temporal payloads, activities)', () => {
  it.each<[string, Actor]>([
    ['a key', member],
    ['a person', person],
    ['a personal key', personalKey],
    ['an operator', operator],
    ['the service', SYSTEM_ACTOR],
  ])('%s survives a JSON round trip unchanged', (_name, actor) => {
    const crossed = JSON.parse(JSON.stringify(actor)) as Actor;
    expect(crossed).toEqual(actor);
    expect(recordedActorOf(crossed)).toEqual(recordedActorOf(actor));
  });

  it('carries the plan features as a sorted list', () => {
    expect(
      apiKeyActor({ ...auth(null), plan: { code: 'pro', features: new Set(['webhooks', 'analyses']), quotas: {} } }).plan.features,
    ).toEqual(['analyses', 'webhooks']);
  });
});

describe('a recorded actor read from an older payload', () => {
  it.each<[string, RecordedActor]>([
    ['a key', { type: 'api_key', id: 'k', name: 'backoffice' }],
    ['a person through a key', { type: 'user', id: 'p', name: 'Ana', via_key: 'k' }],
    ['an operator', { type: 'operator', id: 'maria', name: 'maria' }],
    ['the service', { type: 'system', id: 'entity-risk-analysis-service', name: 'entity-risk-analysis-service' }],
  ])('%s is recorded as it is', (_name, recorded) => {
    expect(isRecordedActor(recorded)).toBe(true);
    expect(recordedActorOf(recorded)).toBe(recorded);
  });

  it.each<[string, Actor]>([
    ['a key', member],
    ['a person', person],
    ['an operator', operator],
    ['the service', SYSTEM_ACTOR],
  ])('%s is an Actor, not a record', (_name, actor) => {
    expect(isRecordedActor(actor)).toBe(false);
  });
});

describe('companyIdActedOn: explicit tenancy, no "every company"', () => {
  it.each<[string, Actor, number | undefined, number | string]>([
    ['a member: its own company', member, undefined, 42],
    ['a member naming its own company', member, 42, 42],
    ['a member naming another company', member, 43, 'a member of company 42 cannot act on company 43'],
    ['a person: their own company', person, undefined, 42],
    ['a person naming another company', person, 43, 'a member of company 42 cannot act on company 43'],
    ['an operator naming a company', operator, 43, 43],
    ['an operator naming none', operator, undefined, 'the operator must name the company it acts on'],
    ['the service naming a company', SYSTEM_ACTOR, 44, 44],
    ['the service naming none', SYSTEM_ACTOR, undefined, 'the system must name the company it acts on'],
  ])('%s', (_case, actor, named, expected) => {
    if (typeof expected === 'number') expect(companyIdActedOn(actor, named)).toBe(expected);
    else expect(() => companyIdActedOn(actor, named)).toThrow(expected);
  });
});
