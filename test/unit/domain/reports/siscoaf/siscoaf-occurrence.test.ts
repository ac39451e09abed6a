import { buildReportSections } from '../../../../../domain/reports/build-report-sections';
import { resolveSiscoafCodes } from '../../../../../domain/reports/siscoaf/resolve-siscoaf-codes';
import { involvementOf, siscoafAmount, siscoafDate, siscoafOccurrence } from '../../../../../domain/reports/siscoaf/siscoaf-occurrence';
import { reportInput } from '../support/report-input';
import { institutionCodes, occurrenceData } from '../support/siscoaf-input';

const sections = () => buildReportSections(reportInput('coaf_cos'));
const codes = resolveSiscoafCodes(institutionCodes());

describe('Siscoaf occurrence', () => {
  it("takes the officer's occurrence data, the institution's numbers and the parties of the sections", () => {
    const o = siscoafOccurrence(sections(), occurrenceData(), codes);
    expect(o).toMatchObject({
      NumOcorrencia: 'OC-2026/0042',
      CPFCNPJCom: '11222333000181',
      DtInicio: '01/10/2026',
      DtFim: '20/11/2026',
      AgNum: '0001',
      AgNome: 'Agência Central',
      AgMun: 'São Paulo',
      AgUF: 'SP',
      VlCred: '150000,00',
      VlDeb: '149500,50',
      VlProv: '0,00',
      VlProp: '0,00',
      CodEnq: ['201', '204', '205', '206'],
      unverified: [],
    });
    expect(o.Det).toContain('Comunicação referente a');
    expect(o.ENVOLVIDOS.map((p) => [p.CPFCNPJEnv, p.TpEnv, p.PEP, p.ServPub, p.PObrigada])).toEqual([
      ['12345671000173', '1', '0', '0', '0'],
      ['52998224210', '8', '1', '0', '0'],
      ['12345673000162', '8', '0', '0', '0'],
      ['52998224482', '32', '0', '0', '0'],
      ['39053344705', '7', '0', '4', '0'],
    ]);
    expect(o.ENVOLVIDOS[0]).toMatchObject({
      AgNumEnv: '0001',
      AgNomeEnv: 'Agência Central',
      NumConta: '12345-6',
      DtAbConta: '15/03/2024',
      DtAtuaCad: '30/06/2026',
    });
    expect(o.ENVOLVIDOS[4]).toMatchObject({ NmEnv: 'Procurador Fictício', AgNumEnv: null, DtAtuaCad: null });
  });

  it.each([
    ["the verdict's public office, nothing declared", true, undefined, '1'],
    ["the officer's declaration over the verdict", true, 'federal', '2'],
    ["the officer's declaration without a public office", false, 'municipal', '4'],
    ['neither', false, undefined, '0'],
  ] as const)('ServPub: %s', (_name, office, declared, servPub) => {
    const s: any[] = sections();
    s.find((x) => x.key === 'envolvidos').content.parties[1].public_servant = office;
    const data = occurrenceData();
    if (declared) data.parties!.push({ document: '52998224210', public_servant: declared });
    expect(siscoafOccurrence(s, data, codes).ENVOLVIDOS[1].ServPub).toBe(servPub);
  });

  describe('a party of the analysis the registry holds with a masked CPF, entered by the officer with the full one', () => {
    /** The golden PEP partner (52998224210) as the registry publishes him: CPF masked. */
    const maskedSections = (publicServant = false) => {
      const s: any[] = sections();
      const pep = s.find((x) => x.key === 'envolvidos').content.parties[1];
      Object.assign(pep, { document: '***982242**', public_servant: publicServant });
      return { s, name: String(pep.name) };
    };
    const entered = (name: string) => ({
      document: '52998224210',
      name,
      role: 'other' as const,
      account: { agency_number: '0002', agency_name: 'Agência Sul', number: '777-1', opened_on: '2025-01-02' },
    });

    it("is the analysis' party: its full CPF, the verdict's PEP and public office, the officer's account", () => {
      const { s, name } = maskedSections(true);
      const data = occurrenceData();
      data.parties!.push(entered(name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')));
      const o = siscoafOccurrence(s, data, codes);
      expect(o.ENVOLVIDOS).toHaveLength(5);
      expect(o.ENVOLVIDOS[1]).toMatchObject({
        CPFCNPJEnv: '52998224210',
        NmEnv: name,
        TpEnv: '8',
        PEP: '1',
        ServPub: '1',
        AgNumEnv: '0002',
        NumConta: '777-1',
        DtAbConta: '02/01/2025',
      });
    });

    it('with another name is another person: added as the officer entered it, not a PEP', () => {
      const { s } = maskedSections(true);
      const data = occurrenceData();
      data.parties!.push(entered('Outra Pessoa'));
      const o = siscoafOccurrence(s, data, codes);
      expect(o.ENVOLVIDOS[1]).toMatchObject({ CPFCNPJEnv: null, PEP: '1' });
      expect(o.ENVOLVIDOS.at(-1)).toMatchObject({ CPFCNPJEnv: '52998224210', NmEnv: 'Outra Pessoa', PEP: '0', ServPub: '0' });
    });
  });

  it("without the institution's tables every code is unverified and none is written", () => {
    const o = siscoafOccurrence(sections(), null, resolveSiscoafCodes([]));
    expect(o.CodEnq).toEqual([]);
    expect(o.ENVOLVIDOS.every((p) => p.TpEnv === null)).toBe(true);
    expect(o.unverified.map((u) => `${u.table}:${u.key}`)).toEqual([
      'TpEnv:titular',
      'TpEnv:other',
      'TpEnv:beneficial_owner',
      'CodEnq:1001',
      'CodEnq:1004',
      'CodEnq:1005',
      'CodEnq:1006',
    ]);
    expect(o).toMatchObject({ NumOcorrencia: null, DtInicio: null, AgUF: null, VlCred: null });
  });

  it('leaves a masked CPF out, like a missing document', () => {
    const s: any[] = sections();
    s.find((x) => x.key === 'envolvidos').content.parties[1].document = '***982242**';
    expect(siscoafOccurrence(s, null, codes).ENVOLVIDOS[1].CPFCNPJEnv).toBeNull();
  });

  it.each([
    ['2026-01-05', '05/01/2026'],
    ['1999-12-31', '31/12/1999'],
    [undefined, null],
  ])('writes the day %s as %s', (day, written) => expect(siscoafDate(day)).toBe(written));
  it.each([
    ['0', '0,00'],
    ['12.5', '12,50'],
    ['1234567.89', '1234567,89'],
    [undefined, null],
  ])('writes the amount %s as %s', (value, written) => expect(siscoafAmount(value)).toBe(written));
  it.each([
    [{ type_code: '1' }, 'titular'],
    [{ type_code: '3' }, 'beneficial_owner'],
    [{ type_code: '4' }, 'other'],
    [{ type_code: '2', role: 'ADMINISTERS' }, 'representative'],
    [{ type_code: '2', role: 'Sócio-Administrador' }, 'representative'],
    [{ type_code: '2', role: 'PARTNER_OF' }, 'other'],
    [{ involvement: 'beneficial_owner', type_code: '2' }, 'beneficial_owner'],
  ])('reads the involvement of %j as %s', (party, expected) => expect(involvementOf(party)).toBe(expected));
});
