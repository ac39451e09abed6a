import type { RecordedActor } from '../../../../domain/actor';
import { type ApprovalRefusal, approvalRefusalOf, type CaseApprover, isSamePairOfEyes } from '../../../../domain/cases/case-approval';
import type { Role } from '../../../../domain/roles';

const A = 'a0a0a0a0-0000-4000-8000-00000000000a';
const B = 'b0b0b0b0-0000-4000-8000-00000000000b';
const KEY_1 = 'c1c1c1c1-0000-4000-8000-000000000001';
const KEY_2 = 'c2c2c2c2-0000-4000-8000-000000000002';
const KEY_3 = 'c3c3c3c3-0000-4000-8000-000000000003';

// Person A signed in, and through two personal keys; person B signed in and through a key; two company keys.
const aSignedIn: RecordedActor = { type: 'user', id: A, name: 'Ana' };
const aViaKey1: RecordedActor = { type: 'user', id: A, name: 'Ana', via_key: KEY_1 };
const aViaKey2: RecordedActor = { type: 'user', id: A, name: 'Ana', via_key: KEY_2 };
const bSignedIn: RecordedActor = { type: 'user', id: B, name: 'Bruno' };
const bViaKey: RecordedActor = { type: 'user', id: B, name: 'Bruno', via_key: KEY_3 };
const companyKey1: RecordedActor = { type: 'api_key', id: KEY_1, name: 'backoffice' };
const companyKey2: RecordedActor = { type: 'api_key', id: KEY_2, name: 'batch' };

const as = (actor: RecordedActor, ...roles: Role[]): CaseApprover => ({ actor, roles });

describe('approvalRefusalOf: who may approve whom (four eyes are two people)', () => {
  it.each<[string, RecordedActor | null, CaseApprover, ApprovalRefusal | null]>([
    // A company key belongs to no person: it may decide, never approve — whoever decided.
    ["a company key approving another company key's decision", companyKey1, as(companyKey2), 'person_required'],
    ["a company key approving a person's decision", aSignedIn, as(companyKey1), 'person_required'],
    ['a company key approving its own decision', companyKey1, as(companyKey1), 'person_required'],
    // One person is one pair of eyes, however they come in.
    ['person A signed in approving their own decision', aSignedIn, as(aSignedIn, 'officer'), 'four_eyes_required'],
    ['person A signed in approving what their key decided', aViaKey1, as(aSignedIn, 'officer'), 'four_eyes_required'],
    ["person A's key approving what A decided signed in", aSignedIn, as(aViaKey1, 'officer'), 'four_eyes_required'],
    ["person A's second key approving what their first key decided", aViaKey1, as(aViaKey2, 'officer'), 'four_eyes_required'],
    // Another person who is an officer approves.
    ["officer B signed in approving person A's decision", aSignedIn, as(bSignedIn, 'officer'), null],
    ["officer B signed in approving what A's key decided", aViaKey1, as(bSignedIn, 'officer'), null],
    ['officer B through a key approving what A decided', aSignedIn, as(bViaKey, 'officer'), null],
    ["officer B approving a company key's decision", companyKey1, as(bSignedIn, 'officer'), null],
    ['officer B with other roles too', aSignedIn, as(bSignedIn, 'analyst', 'officer'), null],
    // Only an officer approves.
    ["analyst B approving A's decision", aSignedIn, as(bSignedIn, 'analyst'), 'officer_required'],
    ["admin B through a key approving A's decision", aSignedIn, as(bViaKey, 'admin'), 'officer_required'],
    ['B with no role', aSignedIn, as(bSignedIn), 'officer_required'],
    // Nothing decided (the workflow answers 409): only who the approver is counts here.
    ['officer B on a case with no decision', null, as(bSignedIn, 'officer'), null],
    ['a company key on a case with no decision', null, as(companyKey1), 'person_required'],
  ])('%s → %s', (_case, decidedBy, approver, expected) => {
    expect(approvalRefusalOf(approver, decidedBy)).toBe(expected);
  });
});

describe('isSamePairOfEyes', () => {
  it.each<[string, RecordedActor, RecordedActor, boolean]>([
    ['a person and themselves', aSignedIn, aSignedIn, true],
    ['a person and their personal key', aSignedIn, aViaKey1, true],
    ['two keys of one person', aViaKey1, aViaKey2, true],
    ['two people', aSignedIn, bSignedIn, false],
    ["a company key and a person's key of the same uuid text", companyKey1, aViaKey1, false],
    ['two company keys', companyKey1, companyKey2, false],
  ])('%s → %s', (_case, a, b, expected) => {
    expect(isSamePairOfEyes(a, b)).toBe(expected);
    expect(isSamePairOfEyes(b, a)).toBe(expected);
  });
});
