import { useState } from 'react';
import type { AnalysisGraphResponse } from '../api/graph-types';
import type { GraphExpansionDomain } from '../api/types';
import { formatPercent } from '../logic/format';
import { defaultDomains, domainsFor } from '../logic/expansion-domains';
import type { GraphModel } from '../logic/graph-model';
import { nodeBadges } from '../logic/graph-style';
import { PERF_MARKS, startMark } from '../logic/perf-marks';
import { FailureNotice } from '../ui/async-state';
import { useConsole } from '../ui/console-context';
import { useAction } from '../ui/use-api';

type Props = {
  uuid: string;
  model: GraphModel;
  response: AnalysisGraphResponse;
  nodeKey: string;
  onPath: (key: string) => void;
  onExpanded: () => Promise<void>;
  onClose: () => void;
};

/** A clicked node: what it is, its badges, the signals that touch it, its path from the subject, and expansion by domain. */
export function NodeDetails({ uuid, model, response, nodeKey, onPath, onExpanded, onClose }: Props) {
  const { api, t, language } = useConsole();
  const node = model.nodes.find((n) => n.key === nodeKey);
  const [domains, setDomains] = useState<string[]>(() => (node ? defaultDomains(node.kind) : []));
  const expand = useAction(async () => {
    startMark(PERF_MARKS.expandRequested);
    // The domains offered come from logic/expansion-domains.ts, which lists the document's.
    const applied = await api.expandAnalysisGraphNode(uuid, nodeKey, { domains: domains as GraphExpansionDomain[] });
    await onExpanded();
    return applied;
  });
  if (!node) return null;
  const signals = response.signal_graph_index.filter((s) => s.node_keys.includes(nodeKey)).map((s) => s.signal_code);
  const badges = nodeBadges(node, { pep: t('graph.badge.pep'), sanction: t('graph.badge.sanction'), owner: t('graph.badge.owner') }, (p) =>
    formatPercent(p, language),
  );
  const toggle = (domain: string) => setDomains((d) => (d.includes(domain) ? d.filter((x) => x !== domain) : [...d, domain]));
  return (
    <section className="card node-details" aria-labelledby="node-title" data-testid="node-details">
      <div className="section-head">
        <h2 id="node-title">{node.name}</h2>
        <button type="button" className="secondary" onClick={onClose} aria-label={t('action.close')}>
          ×
        </button>
      </div>
      {badges.length ? (
        <p>
          {badges.map((b) => (
            <span key={b} className="badge tone-high">
              {b}
            </span>
          ))}
        </p>
      ) : null}
      <dl className="facts">
        <dt>{t('graph.key')}</dt>
        <dd>
          <code>{node.key}</code>
        </dd>
        <dt>{t('graph.kind')}</dt>
        <dd>
          {node.kind === 'proceeding'
            ? `${node.source.proceeding_type ?? ''} ${node.source.proceeding_number ?? ''}`
            : (node.entityType ?? '—')}
        </dd>
        <dt>{t('graph.status')}</dt>
        <dd>
          {node.source.status}
          {node.source.is_active ? '' : ` (${t('graph.inactive')})`}
        </dd>
        <dt>{t('graph.severity')}</dt>
        <dd>{t(`severity.${node.severity}` as 'severity.clean')}</dd>
        <dt>{t('graph.signalsHere')}</dt>
        <dd>{signals.length ? signals.join(', ') : '—'}</dd>
      </dl>
      {!node.isRoot ? (
        <button type="button" className="link-button" onClick={() => onPath(node.key)}>
          {t('graph.showPath')}
        </button>
      ) : null}
      <fieldset className="inline domains">
        <legend>{t('graph.expandBy')}</legend>
        {domainsFor(node.kind).map((d) => (
          <label key={d}>
            <input type="checkbox" checked={domains.includes(d)} onChange={() => toggle(d)} data-domain={d} />{' '}
            {t(`domain.${d}` as 'domain.ownership')}
          </label>
        ))}
      </fieldset>
      <button type="button" onClick={() => void expand.run()} disabled={expand.pending || !domains.length} data-testid="expand">
        {expand.pending ? t('graph.expanding') : t('graph.expand')}
      </button>
      {expand.result ? (
        <p className="muted" role="status" data-testid="expand-result">
          {expand.result.domains.length ? t('graph.expandedBy', { domains: expand.result.domains.join(', ') }) : t('graph.expandedNothing')}
        </p>
      ) : null}
      {expand.failure ? <FailureNotice failure={expand.failure} /> : null}
    </section>
  );
}
