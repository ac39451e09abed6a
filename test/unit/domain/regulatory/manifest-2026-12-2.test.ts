import { checkManifest } from '../../../../domain/regulatory/check-manifest';
import { findRegulatoryManifest } from '../../../../domain/regulatory/manifest-registry';
import { ruleCatalogs } from '../../../../domain/rules';

const manifest = findRegulatoryManifest('2026.12.2')!;
const requirement = (id: string) => manifest.requirements.find((r) => r.id === id)!;

describe('regulatory manifest 2026.12.2: norms cited as they are', () => {
  it('passes the consistency checks against rule catalog 2026.12.2', () => {
    expect(checkManifest(manifest, ruleCatalogs)).toEqual([]);
  });

  it.each([
    ['BCB3978-QUALIFICACAO', 'arts. 18 e 19'],
    ['BCB3978-BENEFICIARIO-FINAL', 'arts. 24 a 26'],
    ['BCB3978-PEP', 'art. 27'],
    ['BCB3978-MONITORAMENTO', 'arts. 38 e 39'],
    ['BCB3978-DOSSIE', 'art. 43'],
    ['BCB3978-COMUNICACAO-COAF', 'art. 48'],
    ['BCB3978-RETENCAO', 'art. 67'],
  ])('%s cites Circular BCB 3.978/2020, %s', (id, article) => {
    expect(requirement(id)).toMatchObject({ norm_id: 'CIRCULAR-BCB-3978-2020', article });
  });

  it('counts retention from 1 January after the relationship ends (art. 67), for both report types and every Circular requirement', () => {
    const art67 = { years: 10, anchor: 'relationship.ended_on', counted_from: 'first_day_of_next_year' };
    expect(manifest.retention).toEqual({ coaf_cos: art67, bcb_dossie: art67 });
    for (const r of manifest.requirements.filter((x) => x.norm_id === 'CIRCULAR-BCB-3978-2020')) expect(r.retention).toEqual(art67);
  });

  it('holds the 24-hour window as the service freshness rule: it cites no requirement, and no requirement has a deadline from the analysis', () => {
    expect(manifest.window).toEqual({ hours: 24, anchor: 'analysis.completed_at', requirement_id: null, basis: 'service_freshness_rule' });
    expect(manifest.requirements.filter((r) => r.deadline?.anchor === 'analysis.completed_at')).toEqual([]);
    expect(requirement('BCB3978-COMUNICACAO-COAF').deadline).toEqual({
      kind: 'next_business_day_after',
      anchor: 'communication.decided_at',
    });
  });

  it('cites the Carta Circular 4.001 situations by the heading of their inciso, or says none names them', () => {
    for (const e of manifest.coaf.enquadramentos) {
      expect(e.reference).toMatch(
        /^Carta Circular BCB 4\.001\/2020, art\. 1º, (III — situações relacionadas com a identificação e qualificação de clientes|caput \(rol exemplificativo\))/,
      );
    }
  });

  it('leaves manifest 2026.12.1 as it was', () => {
    const before = findRegulatoryManifest('2026.12.1')!;
    expect(before.requirements.find((r) => r.id === 'BCB3978-BENEFICIARIO-FINAL')!.article).toBe('arts. 16 e 18');
    expect(before.retention.coaf_cos).toEqual({ years: 10, anchor: 'report.finalized_at' });
    expect(before.window.requirement_id).toBe('LEI9613-ART11-COMUNICACAO');
  });
});
