import { mediaCategories } from '../../../../../domain/media/media-taxonomy';
import { PILLARS } from '../../../../../domain/analysis/verdict';
import { caseOutcomes } from '../../../../../domain/cases/case-actions';
import {
  dateBr,
  documentBr,
  instantBr,
  moneyBr,
  percentBr,
  registryText,
  wordOf,
  wording,
} from '../../../../../domain/reports/dossier/dossier-wording';

describe('dossier wording', () => {
  it.each([
    ['pillar', PILLARS],
    ['mediaCategory', mediaCategories],
    ['caseOutcome', caseOutcomes],
  ] as const)('every value of %s has its word', (table, values) => {
    for (const v of values) expect(Object.keys(wording[table])).toContain(v);
  });

  it.each([
    [() => wordOf('riskLevel', 'critical'), 'crítico'],
    [() => wordOf('ownershipType', 'registry_partner'), 'sócio no cadastro (participação não informada)'],
    [() => wordOf('ownershipType', 'brand_new_kind'), 'não classificado'],
    [() => wordOf('pepType', null), '—'],
    [() => registryText('Sócio-Administrador'), 'Sócio-Administrador'],
    [() => registryText('PARTNER_OF'), 'sócio'],
    [() => registryText('SOME_NEW_TYPE'), 'outro vínculo'],
    [() => dateBr('2026-11-21'), '21/11/2026'],
    [() => instantBr('2026-11-24T02:59:59.999Z'), '23/11/2026 às 23:59 (horário de Brasília)'],
    [() => documentBr('52998224210'), 'CPF 529.982.242-10'],
    [() => documentBr('12345671000173'), 'CNPJ 12.345.671/0001-73'],
    [() => documentBr('***456789**'), '***456789**'],
    [() => moneyBr('149500.5'), 'R$ 149.500,50'],
    [() => moneyBr('0'), 'R$ 0,00'],
    [() => percentBr('33.3333'), '33,33%'],
    [() => percentBr(null), 'não informada'],
  ])('%#: %s', (fn, expected) => {
    expect(fn()).toBe(expected);
  });
});
