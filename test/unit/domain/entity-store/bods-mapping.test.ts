import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bodsEdge, mapBodsStatement } from '../../../../domain/entity-store/bods-mapping';

const fixture = (name: string) => JSON.parse(readFileSync(path.join(__dirname, 'fixtures', 'bods', name), 'utf8')) as unknown[];

describe('BODS mapping', () => {
  it('maps the statement form (0.2/0.3): entity, person, direct 100% shareholding', () => {
    const [entity, person, ownership] = fixture('statement-form-single-direct.json').map(mapBodsStatement);
    expect(entity).toMatchObject({ ok: true, party: { kind: 'entity', name: 'CHRINON LTD', entityType: 'foreign_entity', ref: '1dc0e987-5c57-4a1c-b3ad-61353b66a9b7', profile: { incorporation_date: '2010-11-18' } } });
    expect(person).toMatchObject({ ok: true, party: { kind: 'person', name: 'Christopher Taggart', normalizedName: 'CHRISTOPHER TAGGART', entityType: 'person' } });
    const interest = (ownership as any).interest;
    expect(interest).toMatchObject({ subjectRef: '1dc0e987-5c57-4a1c-b3ad-61353b66a9b7', interestedRef: '019a93f1-e470-42e9-957b-03559861b2e2', shareExact: '100', isDirect: true, beneficialOwnershipOrControl: true, startDate: '2016-04-06' });
    expect(bodsEdge(interest)).toEqual({ type: 'OWNS', ownership: '100', voting: null });
  });

  it('maps the 0.4 record form: record ids, components, the indirect 60% stays a declaration', () => {
    const mapped = fixture('record-form-multiple-indirect.json').map(mapBodsStatement) as any[];
    expect(mapped.filter((m) => m.party).map((m) => m.party.name)).toEqual(['Company B', 'Person 1', 'Company C', 'Company D']);
    const interests = mapped.filter((m) => m.interest).map((m) => m.interest);
    expect(interests).toHaveLength(5);
    const indirect = interests.find((i) => i.ref === '8af302e17272');
    expect(indirect).toMatchObject({ subjectRef: '63e3a8a8946f', interestedRef: '92ebf964a1f6', shareExact: '60', isDirect: false });
    expect(bodsEdge(indirect)).toBeNull();
    const unknownDirection = interests.find((i) => i.ref === 'e351a9247e22');
    expect(unknownDirection).toMatchObject({ isDirect: null, beneficialOwnershipOrControl: true, interestTypes: ['unknown'] });
    expect(bodsEdge(unknownDirection)).toEqual({ type: 'CONTROLS', ownership: null, voting: null });
  });

  it.each([
    [{ statementId: 'x', recordType: 'relationship', recordId: 'r', recordDetails: { subject: 's', interestedParty: 'p', interests: [{ type: 'shareholding', directOrIndirect: 'direct', share: { minimum: 25, maximum: 50 } }] } }, { shareExact: null, shareMinimum: '25', shareMaximum: '50' }],
    [{ statementId: 'x', recordType: 'relationship', recordId: 'r', recordDetails: { subject: 's', interestedParty: 'p', interests: [{ type: 'voting-rights', share: { exact: 33.333333 } }] } }, { votingExact: '33.333333', interestTypes: ['voting-rights'] }],
  ])('share ranges and voting rights %#', (statement, expected) => expect((mapBodsStatement(statement) as any).interest).toMatchObject(expected));

  it.each([
    [{}, 'statementId missing'],
    [{ statementId: 'x', statementType: 'weird' }, 'unknown recordType'],
    [{ statementId: 'x', recordType: 'person', recordId: 'p', recordDetails: { names: [] } }, 'name missing'],
    [{ statementId: 'x', recordType: 'relationship', recordId: 'r', recordDetails: {} }, 'subject reference missing'],
  ])('rejects %j', (statement, reason) => expect(mapBodsStatement(statement)).toMatchObject({ ok: false, reason: expect.stringContaining(reason) }));
});
