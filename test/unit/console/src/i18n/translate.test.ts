import { catalogs, pickLanguage, translator } from '../../../../../console/src/i18n/translate';
import { en } from '../../../../../console/src/i18n/strings-en';
import { pt } from '../../../../../console/src/i18n/strings-pt';
import { ANALYSIS_STEPS } from '../../../../../console/src/logic/analysis-progress';
import { ANALYSIS_STATUSES, RISK_LEVELS } from '../../../../../console/src/logic/analysis-filters';
import { EXPANSION_DOMAINS } from '../../../../../console/src/logic/expansion-domains';
import { failureMessageKey } from '../../../../../console/src/logic/failure-messages';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the console in English and Portuguese', () => {
  it('has every key in both languages, none empty, with the same placeholders', () => {
    expect(Object.keys(pt).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(en[key].trim()).not.toBe('');
      expect(pt[key].trim()).not.toBe('');
      expect([key, placeholders(pt[key])]).toEqual([key, placeholders(en[key])]);
    }
  });

  it('has a word for every value the views build a key from', () => {
    const built = [
      ...ANALYSIS_STEPS.map((s) => `step.${s}`),
      ...ANALYSIS_STATUSES.map((s) => `status.${s}`),
      ...[...RISK_LEVELS, 'neutral'].map((r) => `risk.${r}`),
      ...['clean', 'not_evaluated', ...RISK_LEVELS].map((s) => `severity.${s}`),
      ...EXPANSION_DOMAINS.map((d) => `domain.${d}`),
      ...(
        [
          'network',
          'unauthorized',
          'forbidden',
          'not_found',
          'not_available',
          'conflict',
          'invalid',
          'quota',
          'unavailable',
          'server',
        ] as const
      ).map(failureMessageKey),
    ];
    for (const key of built) expect([key, key in en]).toEqual([key, true]);
  });

  it('fills placeholders and keeps unknown ones', () => {
    expect(translator('pt')('account.quota', { used: 2, quota: '100.000' })).toBe('Análises neste mês: 2 de 100.000');
    expect(translator('en')('graph.counts', { nodes: 3 })).toBe('3 nodes · {edges} edges');
    expect(catalogs.pt['error.quota']).toMatch(/cota/);
  });

  it.each([
    [null, ['pt-BR', 'en'], 'pt'],
    [null, ['en-US'], 'en'],
    ['en', ['pt-BR'], 'en'],
    ['xx', [], 'en'],
  ] as const)('stored %s with browser %j speaks %s', (stored, browser, language) => {
    expect(pickLanguage(stored, browser)).toBe(language);
  });
});
