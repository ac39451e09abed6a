import { formatNumber } from '../logic/format';
import { pillarBars } from '../logic/verdict-summary';
import type { PillarBreakdown } from '../api/types';
import { useConsole } from '../ui/console-context';

/**
 * The pillar breakdown as bars: the light bar is the pillar's subscore (0–100), the dark bar
 * what its weight made of it. A table with the same numbers follows for screen readers.
 */
export function PillarChart({ breakdown }: { breakdown: PillarBreakdown[] | undefined }) {
  const { t, language } = useConsole();
  const bars = pillarBars(breakdown);
  if (!bars.length) return <p className="empty">{t('verdict.noPillars')}</p>;
  const rowHeight = 30;
  return (
    <figure className="pillar-chart" data-testid="pillar-chart">
      <svg role="img" aria-labelledby="pillar-chart-caption" viewBox={`0 0 640 ${bars.length * rowHeight + 10}`} width="100%">
        {bars.map((bar, i) => (
          <g key={bar.pillar} transform={`translate(0 ${i * rowHeight + 5})`}>
            <text x={0} y={16} className="chart-label">
              {bar.pillar}
            </text>
            <rect x={170} y={4} width={(bar.subscoreWidth / 100) * 400} height={16} className="bar-subscore" />
            <rect x={170} y={8} width={(bar.weightedWidth / 100) * 400} height={8} className="bar-weighted" />
            <text x={580} y={16} className="chart-value">
              {formatNumber(bar.weighted, language)} / {formatNumber(bar.subscore, language)}
            </text>
          </g>
        ))}
      </svg>
      <figcaption id="pillar-chart-caption">{t('verdict.pillarCaption')}</figcaption>
      <table className="data-table compact visually-hidden-table">
        <thead>
          <tr>
            <th scope="col">{t('verdict.pillar')}</th>
            <th scope="col">{t('verdict.subscore')}</th>
            <th scope="col">{t('verdict.weight')}</th>
            <th scope="col">{t('verdict.weighted')}</th>
            <th scope="col">{t('verdict.signals')}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.pillar}>
              <th scope="row">{bar.pillar}</th>
              <td>{formatNumber(bar.subscore, language)}</td>
              <td>{formatNumber(bar.weight, language, 2)}</td>
              <td>{formatNumber(bar.weighted, language)}</td>
              <td>{bar.codes.join(', ') || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
