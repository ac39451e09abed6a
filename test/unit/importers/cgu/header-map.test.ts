import { mapHeader, sanctionAliases, sanctionListMismatch } from '../../../../importers/cgu/header-map';

const ceisHeader = ['CADASTRO', 'CÓDIGO DA SANÇÃO', 'TIPO DE PESSOA', 'CPF OU CNPJ DO SANCIONADO', 'NOME DO SANCIONADO', 'CATEGORIA DA SANÇÃO', 'DATA INÍCIO SANÇÃO', 'DATA FINAL SANÇÃO', 'ÓRGÃO SANCIONADOR'];
const cnepHeader = [...ceisHeader, 'VALOR DA MULTA'];
const cepimHeader = ['CNPJ ENTIDADE', 'NOME ENTIDADE', 'NÚMERO CONVÊNIO', 'ÓRGÃO CONCEDENTE', 'MOTIVO DO IMPEDIMENTO'];
const ceafHeader = [...ceisHeader, 'CARGO EFETIVO', 'ÓRGÃO DE LOTAÇÃO'];

describe('CGU headers', () => {
  it('maps fields by any of their spellings, accents and case aside', () => {
    expect(mapHeader(['\uFEFFcpf ou cnpj do sancionado', 'Nome Sancionado', 'data inicio sancao'], sanctionAliases)).toEqual({ document: 0, name: 1, start_date: 2 });
  });

  it('maps a CEPIM header: the entity, its agreement, the granting body and the reason', () => {
    expect(mapHeader(cepimHeader, sanctionAliases)).toEqual({ document: 0, cepim_entity: 0, name: 1, process_number: 2, sanctioning_body: 3, sanction_type: 4 });
  });

  it.each([
    ['ceis', ceisHeader, undefined],
    ['cnep', cnepHeader, undefined],
    ['ceis', cnepHeader, /CNEP download: import it with --list cnep/],
    ['cnep', ceisHeader, /CEIS download: import it with --list ceis/],
    ['cepim', cepimHeader, undefined],
    ['ceaf', ceafHeader, undefined],
    ['ceis', cepimHeader, /CEPIM download: import it with --list cepim/],
    ['ceis', ceafHeader, /CEAF download: import it with --list ceaf/],
    ['ceaf', ceisHeader, /CEIS download: import it with --list ceis/],
    ['cepim', cnepHeader, /CNEP download: import it with --list cnep/],
  ] as const)('--list %s with this header: %p', (list, header, refusal) => {
    const why = sanctionListMismatch(list, mapHeader([...header], sanctionAliases));
    if (refusal) expect(why).toMatch(refusal);
    else expect(why).toBeUndefined();
  });
});
