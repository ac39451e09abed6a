import { readFileSync } from 'node:fs';
import { brazilianDocument } from '../../../../domain/entity-store/bods-fields';
import { bodsEdge, mapBodsStatement } from '../../../../domain/entity-store/bods-mapping';

const fixture = (name: string) => JSON.parse(readFileSync(`${__dirname}/../../../fixtures/bods/${name}`, 'utf8')) as unknown[];

describe('BODS mapping', () => {
  it('maps the statement form (0.2/0.3): entity, person, direct 100% shareholding', () => {
    const [entity, person, ownership] = fixture('statement-form-single-direct.json').map(mapBodsStatement);
    expect(entity).toMatchObject({
      ok: true,
      party: {
        kind: 'entity',
        name: 'PADARIA ESTRELA DO NORTE LTDA',
        entityType: 'organization',
        ref: '6171e607-db01-4fa1-a143-fb6abab495af',
        document: { kind: 'cnpj', value: '47381526000122', masked: null },
        profile: { incorporation_date: '2012-03-05', country: 'Brazil' },
      },
    });
    expect(person).toMatchObject({
      ok: true,
      party: {
        kind: 'person',
        name: 'Maria Aparecida Conceição Souza',
        normalizedName: 'MARIA APARECIDA CONCEICAO SOUZA',
        entityType: 'person',
        document: { kind: 'cpf', value: '31860475280', masked: '***604752**' },
        profile: { birth_date: '1971-08-14', nationality: 'Brazil' },
      },
    });
    const interest = (ownership as any).interest;
    expect(interest).toMatchObject({
      subjectRef: '6171e607-db01-4fa1-a143-fb6abab495af',
      interestedRef: '4527ff04-8a4d-48e0-be30-4be5ece62216',
      shareExact: '100',
      isDirect: true,
      beneficialOwnershipOrControl: true,
      startDate: '2012-03-05',
    });
    expect(bodsEdge(interest)).toEqual({ type: 'OWNS', ownership: '100', voting: null });
  });

  it('maps the 0.4 record form: record ids, components, the indirect 60% stays a declaration', () => {
    const mapped = fixture('record-form-multiple-indirect.json').map(mapBodsStatement) as any[];
    const parties = mapped.filter((m) => m.party).map((m) => m.party);
    expect(parties.map((p) => p.name)).toEqual([
      'CONSTRUTORA HORIZONTE AZUL S.A.',
      'João Carlos Pereira',
      'HORIZONTE PARTICIPAÇÕES LTDA',
      'ATLÂNTICO INVESTIMENTOS SGPS, LDA',
    ]);
    expect(parties.map((p) => [p.ref, p.entityType, p.document?.value ?? null])).toEqual([
      ['b7e2c41a9d03', 'organization', '61029487000120'],
      ['4d9a0f6e21c8', 'person', '27419358664'],
      ['c05e8b7f3a14', 'organization', '8QK47MT5000179'],
      ['e81f26d4b9a7', 'foreign_entity', null],
    ]);
    const interests = mapped.filter((m) => m.interest).map((m) => m.interest);
    expect(interests).toHaveLength(5);
    const indirect = interests.find((i) => i.ref === '7e3a51c0d8b6');
    expect(indirect).toMatchObject({ subjectRef: 'b7e2c41a9d03', interestedRef: '4d9a0f6e21c8', shareExact: '60', isDirect: false });
    expect(bodsEdge(indirect)).toBeNull();
    const holding = interests.find((i) => i.ref === '1a6f3c9e0b52');
    expect(holding).toMatchObject({
      subjectRef: 'b7e2c41a9d03',
      interestedRef: 'c05e8b7f3a14',
      shareExact: '40',
      isDirect: true,
      beneficialOwnershipOrControl: false,
    });
    expect(bodsEdge(holding)).toEqual({ type: 'OWNS', ownership: '40', voting: null });
    const unknownDirection = interests.find((i) => i.ref === '5c2e9a81d7f4');
    expect(unknownDirection).toMatchObject({ isDirect: null, beneficialOwnershipOrControl: true, interestTypes: ['unknown'] });
    expect(bodsEdge(unknownDirection)).toEqual({ type: 'CONTROLS', ownership: null, voting: null });
  });

  it.each([
    [[{ scheme: 'BR-CNPJ', id: '11.222.333/0001-81' }], { kind: 'cnpj', value: '11222333000181', masked: null }],
    [[{ scheme: 'BR-CNPJ', id: '12.abc.345/01de-35' }], { kind: 'cnpj', value: '12ABC34501DE35', masked: null }],
    [[{ scheme: 'BR-CPF', id: '529.982.247-25' }], { kind: 'cpf', value: '52998224725', masked: '***982247**' }],
    [[{ scheme: 'BR-CPF', id: '***.982.247-**' }], { kind: 'cpf_masked', value: '***982247**', masked: '***982247**' }],
    [[{ scheme: 'BR-CPF', id: '529.982.247-24' }], null],
    [[{ scheme: 'GB-COH', id: '07444723' }], null],
  ])('Brazilian identifier %j', (identifiers, expected) => expect(brazilianDocument(identifiers)).toEqual(expected));

  it.each([
    [
      {
        statementId: 'x',
        recordType: 'relationship',
        recordId: 'r',
        recordDetails: {
          subject: 's',
          interestedParty: 'p',
          interests: [{ type: 'shareholding', directOrIndirect: 'direct', share: { minimum: 25, maximum: 50 } }],
        },
      },
      { shareExact: null, shareMinimum: '25', shareMaximum: '50' },
    ],
    [
      {
        statementId: 'x',
        recordType: 'relationship',
        recordId: 'r',
        recordDetails: { subject: 's', interestedParty: 'p', interests: [{ type: 'voting-rights', share: { exact: 33.333333 } }] },
      },
      { votingExact: '33.333333', interestTypes: ['voting-rights'] },
    ],
  ])('share ranges and voting rights %#', (statement, expected) =>
    expect((mapBodsStatement(statement) as any).interest).toMatchObject(expected),
  );

  it.each([
    [{}, 'statementId missing'],
    [{ statementId: 'x', statementType: 'weird' }, 'unknown recordType'],
    [{ statementId: 'x', recordType: 'person', recordId: 'p', recordDetails: { names: [] } }, 'name missing'],
    [{ statementId: 'x', recordType: 'relationship', recordId: 'r', recordDetails: {} }, 'subject reference missing'],
  ])('rejects %j', (statement, reason) =>
    expect(mapBodsStatement(statement)).toMatchObject({ ok: false, reason: expect.stringContaining(reason) }),
  );
});
