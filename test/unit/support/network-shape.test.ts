import {
  distribution,
  largestMean,
  mediaCounter,
  networkOf,
  pickGeneratedSubjects,
  readGeneratedStore,
  shapeDifferences,
  spread,
} from '../../../support/network-shape';
import { tokenizeText } from '../../../domain/media/tokenize-text';

// a — b — c — d — e — f, and a hub h linked to b and to x1…x3.
const chain: Record<string, string[]> = {
  a: ['b'],
  b: ['a', 'c', 'h'],
  c: ['b', 'd'],
  d: ['c', 'e'],
  e: ['d', 'f'],
  f: ['e'],
  h: ['b', 'x1', 'x2', 'x3'],
  x1: ['h'],
  x2: ['h'],
  x3: ['h'],
};

describe('network shape', () => {
  it.each([
    ['the whole walk depth', { maxDepth: 4, maxNodes: 100 }, 'a', ['a', 'b', 'c', 'h', 'd', 'x1', 'x2', 'x3', 'e'], 4],
    ['a shallower walk', { maxDepth: 2, maxNodes: 100 }, 'a', ['a', 'b', 'c', 'h'], 2],
    ['the node cap stops the walk', { maxDepth: 4, maxNodes: 5 }, 'a', ['a', 'b', 'c', 'h', 'd'], 3],
    [
      'the depth reached, not the depth allowed',
      { maxDepth: 10, maxNodes: 100 },
      'f',
      ['f', 'e', 'd', 'c', 'b', 'a', 'h', 'x1', 'x2', 'x3'],
      6,
    ],
  ])('networkOf: %s', (_name, walk, subject, nodes, depth) => {
    expect(networkOf((k) => chain[k] ?? [], subject, walk)).toEqual({ nodes, depth });
  });

  it.each([
    ['fewer items than asked: all', [1, 2, 3], 5, [1, 2, 3]],
    ['every other one', [1, 2, 3, 4, 5, 6], 3, [1, 3, 5]],
    ['spread to the end', [...Array(10).keys()], 4, [0, 2, 5, 7]],
  ])('spread: %s', (_name, items, count, expected) => {
    expect(spread(items, count)).toEqual(expected);
  });

  const articles = [
    'Operação investiga fraude envolvendo PADARIA BALEMOX LTDA',
    'Operação investiga PADARIA PARANÁ LTDA',
    'Operação investiga COMÉRCIO PARANÁ ME',
    'JOSÉ SILVA e a PADARIA BALEMOX',
  ].map((text) => new Set(tokenizeText(text).map((t) => t.word)));
  it.each([
    ['an organization: all its distinctive words', { kind: 'organization' as const, name: 'PADARIA BALEMOX LTDA' }, 2],
    ['the generic word and the company form are not searched', { kind: 'organization' as const, name: 'COMÉRCIO PARANÁ LTDA' }, 2],
    ['a person: first and last word', { kind: 'person' as const, name: 'JOSÉ DA COSTA SILVA' }, 1],
    ['no article holds every word', { kind: 'person' as const, name: 'MARIA SILVA' }, 0],
  ])('media per entity: %s', (_name, entity, expected) => {
    expect(mediaCounter(articles)(entity)).toBe(expected);
  });

  it.each([
    ['nearest rank, as the benches', [5, 1, 4, 2, 3], { p50: 3, p95: 5, mean: 3, n: 5 }],
    ['no values', [], { p50: 0, p95: 0, mean: 0, n: 0 }],
  ])('distribution: %s', (_name, values, expected) => {
    expect(distribution(values)).toEqual(expected);
  });

  it.each([
    ['one in three of nine', [1, 9, 2, 8, 3, 7, 4, 6, 5], 3, { mean: 8, n: 3 }],
    ['at least one', [1, 2, 30], 3_000, { mean: 30, n: 1 }],
  ])('largestMean: %s', (_name, values, share, expected) => {
    expect(largestMean(values, share)).toEqual(expected);
  });

  it.each([
    ['equal shapes', { a: { p50: 2, n: 10 } }, { a: { p50: 2, n: 99 } }, []],
    ['within the relative tolerance', { m: 100 }, { m: 85 }, []],
    ['past it', { m: 100 }, { m: 70 }, ['m: 100 vs 70']],
    ['small counts move by the absolute tolerance', { deep: { p95: 3 } }, { deep: { p95: 4 } }, []],
    ['named by path', { deep: { nodes: { p50: 40 } } }, { deep: { nodes: { p50: 400 } } }, ['deep.nodes.p50: 40 vs 400']],
  ])('shapeDifferences: %s', (_name, a, b, expected) => {
    expect(shapeDifferences(a, b, { relative: 0.2, absolute: 1 })).toEqual(expected);
  });

  it('reads the release back as the importers link it, and picks both subject classes', () => {
    const rf = (...fields: string[]) => `"${fields.join('";"')}"`;
    const store = readGeneratedStore({
      companies: [rf('00000001', 'PADARIA BALEMOX LTDA'), rf('00000002', 'COMÉRCIO SILVA ME'), rf('00000003', 'CAFÉ PAMPA LTDA')].join(
        '\n',
      ),
      partners: [
        rf('00000001', '2', 'JOSÉ SILVA', '***456789**', '49', '20200101', '', '', '', '', '1'),
        rf('00000001', '1', 'COMÉRCIO SILVA ME', '00000002000101', '22', '20200101', '', '', '', '', '0'),
        rf('00000003', '3', 'ATLAS HOLDINGS LTD 0', '', '37', '20200101', '249', '***111222**', 'ANA COSTA', '17', '0'),
      ].join('\n'),
      bods: JSON.stringify([
        {
          recordId: 'ent-2',
          recordType: 'entity',
          recordDetails: { name: 'X', identifiers: [{ scheme: 'BR-CNPJ', id: '00.000.002/0001-01' }] },
        },
        {
          recordId: 'per-9',
          recordType: 'person',
          recordDetails: { names: [{ fullName: 'JOSÉ SILVA' }], identifiers: [{ id: '123.456.789-09' }] },
        },
        { recordId: 'rel-1', recordType: 'relationship', recordDetails: { subject: 'ent-2', interestedParty: 'per-9' } },
      ]),
      family: '',
      media: `${JSON.stringify({ title: 'Operação', body: 'PADARIA BALEMOX LTDA' })}\n`,
    });
    expect(Object.fromEntries([...store.links].map(([k, v]) => [k, [...v].sort()]))).toEqual({
      'company:00000001': ['company:00000002', 'person:***456789**|JOSÉ SILVA'],
      'person:***456789**|JOSÉ SILVA': ['company:00000001', 'company:00000002'],
      'company:00000002': ['company:00000001', 'person:***456789**|JOSÉ SILVA'],
      'company:00000003': ['foreign:ATLAS HOLDINGS LTD 0', 'person:***111222**|ANA COSTA'],
      'foreign:ATLAS HOLDINGS LTD 0': ['company:00000003'],
      'person:***111222**|ANA COSTA': ['company:00000003'],
    });
    expect(store.partnersOf.get('company:00000001')).toEqual(['person:***456789**|JOSÉ SILVA', 'company:00000002']);
    expect(pickGeneratedSubjects(store, 10, 1)).toEqual({ deep: ['company:00000002'], shallow: [] });
    expect(store.articleWords).toHaveLength(1);
  });
});
