import { mapHeader, sanctionAliases, sanctionListMismatch } from '../../../../importers/cgu/header-map';

const ceisHeader = ['CADASTRO', 'CÓDIGO DA SANÇÃO', 'TIPO DE PESSOA', 'CPF OU CNPJ DO SANCIONADO', 'NOME DO SANCIONADO', 'CATEGORIA DA SANÇÃO', 'DATA INÍCIO SANÇÃO', 'DATA FINAL SANÇÃO', 'ÓRGÃO SANCIONADOR'];
const cnepHeader = [...ceisHeader, 'VALOR DA MULTA'];

describe('CGU headers', () => {
  it('maps fields by any of their spellings, accents and case aside', () => {
    expect(mapHeader(['\uFEFFcpf ou cnpj do sancionado', 'Nome Sancionado', 'data inicio sancao'], sanctionAliases)).toEqual({ document: 0, name: 1, start_date: 2 });
  });

  it.each([
    ['ceis', ceisHeader, undefined],
    ['cnep', cnepHeader, undefined],
    ['ceis', cnepHeader, /CNEP download: import it with --list cnep/],
    ['cnep', ceisHeader, /CEIS download: import it with --list ceis/],
  ] as const)('--list %s with this header: %p', (list, header, refusal) => {
    const why = sanctionListMismatch(list, mapHeader([...header], sanctionAliases));
    if (refusal) expect(why).toMatch(refusal);
    else expect(why).toBeUndefined();
  });
});
