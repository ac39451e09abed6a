import { useState } from 'react';
import type { AnalysisGraphResponse } from '../api/graph-types';
import { formatPercent } from '../logic/format';
import type { Highlight } from '../logic/graph-highlight';
import { nodeKeyOf, type GraphModel } from '../logic/graph-model';
import { useConsole } from '../ui/console-context';

type Props = {
  response: AnalysisGraphResponse;
  model: GraphModel;
  highlight: Highlight | null;
  onSignal: (code: string | null) => void;
  onChain: (edgeKeys: string[], nodeKeys: string[]) => void;
  onSelect: (key: string) => void;
};

/** Highlight by signal (signal_graph_index), the beneficial-owner chains, the PEPs, and a node finder. */
export function GraphSidebar({ response, model, highlight, onSignal, onChain, onSelect }: Props) {
  const { t, language } = useConsole();
  const [query, setQuery] = useState('');
  const matches =
    query.trim().length >= 2 ? model.nodes.filter((n) => n.name.toLowerCase().includes(query.trim().toLowerCase())).slice(0, 20) : [];
  return (
    <>
      <p className="muted" data-testid="graph-counts">
        {t('graph.counts', { nodes: model.nodes.length, edges: model.edges.length })}
      </p>
      <fieldset className="signal-picker" data-testid="signal-picker">
        <legend>{t('graph.highlightSignal')}</legend>
        <label>
          <input type="radio" name="signal" checked={!highlight} onChange={() => onSignal(null)} /> {t('graph.noHighlight')}
        </label>
        {model.signalCodes.map((code) => (
          <label key={code}>
            <input type="radio" name="signal" value={code} checked={highlight?.code === code} onChange={() => onSignal(code)} />{' '}
            <code>{code}</code>
          </label>
        ))}
      </fieldset>
      <section aria-labelledby="ubo-title">
        <h2 id="ubo-title">{t('graph.owners')}</h2>
        {response.ubo_findings.length ? (
          <ul className="plain">
            {response.ubo_findings.map((f) => {
              const edges = f.paths.flatMap((p) => p.edge_keys);
              const nodes = f.paths.flatMap((p) => p.node_keys.map((n) => nodeKeyOf(n.label, n.canonical_id)));
              return (
                <li key={f.beneficial_owner.entity_id}>
                  <button type="button" className="link-button" onClick={() => onChain(edges, nodes)} data-testid="ubo-chain">
                    {f.beneficial_owner.display_name}
                    {f.ownership_percentage !== null ? ` — ${formatPercent(f.ownership_percentage, language)}` : ''}
                  </button>
                  <div className="muted">
                    {t('graph.chainDepth', { depth: f.control_chain_depth })} · {f.control_type} · {f.status}
                  </div>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="empty">{t('graph.noOwners')}</p>
        )}
        {response.ubo_resolution && !response.ubo_resolution.fully_resolved ? (
          <p className="notice notice-warning">{t('graph.unresolved', { count: response.ubo_resolution.unresolved.length })}</p>
        ) : null}
      </section>
      <section aria-labelledby="peps-title">
        <h2 id="peps-title">{t('graph.peps')}</h2>
        {response.network_peps.length ? (
          <ul className="plain">
            {response.network_peps.map((p) => (
              <li key={p.entity.entity_id}>
                <button type="button" className="link-button" onClick={() => onSelect(nodeKeyOf('Entity', p.entity.entity_id))}>
                  {p.entity.display_name}
                </button>
                <div className="muted">
                  {p.position_title ?? p.pep_type} · {p.institution_name ?? ''} · {t('graph.degree', { degree: p.pep_degree })}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty">{t('graph.noPeps')}</p>
        )}
      </section>
      <section aria-labelledby="find-title">
        <h2 id="find-title">{t('graph.find')}</h2>
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          aria-label={t('graph.find')}
          placeholder={t('graph.findPlaceholder')}
          data-testid="node-search"
        />
        <ul className="plain">
          {matches.map((n) => (
            <li key={n.key}>
              <button type="button" className="link-button" onClick={() => onSelect(n.key)} data-node-key={n.key}>
                {n.name}
              </button>{' '}
              <span className="muted">{n.key}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
