import { classifyRfFile } from '../../../../importers/rf/rf-files';

describe('Receita Federal file names', () => {
  it.each([
    ['K3241.K03200Y0.D51213.EMPRECSV', 'companies'],
    ['Estabelecimentos0.ESTABELE', 'establishments'],
    ['K3241.K03200Y1.D51213.SOCIOCSV', 'partners'],
    ['F.K03200$W.SIMPLES.CSV.D51213', 'simples'],
    ['F.K03200$Z.D51213.QUALSCSV', 'qualification'],
    ['README.txt', null],
  ])('classifies %s', (name, kind) => expect(classifyRfFile(name)).toBe(kind));
});
