import { ruleCatalogV1 } from '../../../../../domain/rules/catalog-v1';
import { ruleCatalogV2 } from '../../../../../domain/rules/catalog-v2';
import { signalInWords, signalWording } from '../../../../../domain/reports/dossier/signal-wording';

describe('signals in words', () => {
  it.each([...new Set([...ruleCatalogV1.signals, ...ruleCatalogV2.signals].map((s) => s.code))].map((code) => [code]))(
    '%s has Portuguese words and a norm',
    (code) => {
      const w = signalWording[code];
      expect(w).toBeDefined();
      expect(w.text).not.toMatch(/[A-Z]+_[A-Z_]+|\bthe\b|\bof\b/);
      expect(w.norm).toMatch(/^(Circular BCB 3\.978\/2020|Lei \d)/);
    },
  );

  it('reads an unknown code as words, never as the code', () => {
    expect(signalInWords('SOMETHING_NEW').text).not.toContain('SOMETHING_NEW');
  });
});
