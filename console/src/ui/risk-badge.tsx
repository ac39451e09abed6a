import { riskTone } from '../logic/format';
import { useConsole } from './console-context';

export function RiskBadge({ level, score }: { level: string; score?: number }) {
  const { t } = useConsole();
  return (
    <span className={`badge tone-${riskTone(level)}`} data-risk-level={level}>
      {score !== undefined ? `${score} · ` : ''}
      {t(`risk.${riskTone(level)}` as 'risk.low')}
    </span>
  );
}
