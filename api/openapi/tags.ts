import type { RouteSpec } from '../edge/routing';

/** Every tag a route may use, with what it groups; a route with another tag fails the OpenAPI test. */
export const tagDescriptions: Record<string, string> = {
  analyses:
    'Risk analyses of a CPF or CNPJ: sync (201 with the verdict) or async (202, then read or webhook), the verdict, its explanation, signals, snapshot and relationship graph.',
  'analysis-batches':
    'Portfolio batches: a whole book analysed from one CSV or NDJSON file, one ordinary analysis per subject at bulk priority; progress, pause, resume, cancel and results streamed in file order.',
  entities: 'The canonical entity store filled from public registries (Receita Federal, CGU, BODS): search and profiles.',
  'adverse-media': 'Adverse-media screenings of an entity by name against the article corpus.',
  'rule-catalog': 'The versioned rule catalog every verdict records (`rules_version`); every version ever shipped stays readable.',
  webhooks: 'Endpoints, signed events (Standard Webhooks), delivery attempts, retries and secret rotation.',
  workflows:
    'The Temporal workflow runs of the company (analyses, screenings, reports, deliveries): list, detail with failures and steps, cancel.',
  reports:
    'Regulatory reports from a completed analysis: the COAF suspicious-operation communication (Siscoaf layout) and the Banco Central due-diligence dossier; drafts, narrative revisions, finalization, filing and void.',
  'regulatory-manifests': 'The versioned regulatory manifest: norms, requirements, signal mappings, report types and COAF code tables.',
  watchlists:
    'Name screening against the UN Security Council, OFAC SDN and EU sanctions lists, and the state of every imported list (CGU registers included).',
  cases:
    'Cases: every review-worthy verdict becomes a case, decided by one person and approved by another (four eyes); service levels and the COAF clock in business days; the people cases are assigned to.',
  monitoring:
    'Perpetual KYC: monitored subjects re-analysed when an import changes their network and on a schedule by risk; alerts that say what changed.',
  audit:
    'The audit trail: one event per change of state, in a per-company hash chain; the list, its verification and its export as JSON lines.',
  account: 'The calling key, its company, plan and usage against each quota.',
  session:
    'People signing in to the console with OpenID Connect (authorization code with PKCE): the login redirect, the callback, who is signed in, sign-out. Integrations use API keys.',
  health: 'Liveness and readiness probes.',
  operations: 'Prometheus metrics.',
  docs: 'This reference and the OpenAPI document behind it.',
};

/** The tags the routes use, in the order above. */
export function apiTags(routes: RouteSpec[]): { name: string; description: string }[] {
  const used = new Set(routes.flatMap((r) => r.tags));
  return Object.entries(tagDescriptions)
    .filter(([name]) => used.has(name))
    .map(([name, description]) => ({ name, description }));
}
