import { severityColors, typeColors, UBO_EDGE_COLOR } from '../logic/graph-style';
import { useConsole } from '../ui/console-context';

/** What the colours mean, and the canvas' keys. */
export function GraphLegend() {
  const { t } = useConsole();
  const swatch = (color: string, text: string) => (
    <li key={text}>
      <span className="swatch" style={{ background: color }} aria-hidden="true" /> {text}
    </li>
  );
  return (
    <ul className="legend" aria-label={t('graph.legend')}>
      {(['critical', 'high', 'medium', 'low'] as const).map((s) => swatch(severityColors[s], t(`risk.${s}`)))}
      {swatch(severityColors.not_evaluated, t('graph.notEvaluated'))}
      {swatch(typeColors.person, t('graph.type.person'))}
      {swatch(typeColors.organization, t('graph.type.organization'))}
      {swatch(typeColors.proceeding, t('graph.type.proceeding'))}
      {swatch(UBO_EDGE_COLOR, t('graph.uboEdge'))}
      <li className="muted">{t('graph.keys')}</li>
    </ul>
  );
}
