import { createRiskyCompany } from '../../support/entity-fixtures';
import { request } from './http';
import { testDb } from './tenants';

/** A completed analysis of a risky company (PEP partner, sanctioned owner) for the tenant; its uuid. */
export async function completedAnalysis(apiKey: string): Promise<string> {
  const { subject } = await createRiskyCompany(testDb());
  const response = await request('POST', '/analyses', { apiKey, body: { entity_id: subject.id } });
  if (response.status !== 201) throw new Error(`analysis failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.uuid;
}

/** A draft report of the given type; its body. */
export async function draftReport(apiKey: string, analysisUuid: string, type: 'coaf_cos' | 'bcb_dossie'): Promise<any> {
  const response = await request('POST', '/reports', { apiKey, body: { analysis_uuid: analysisUuid, type } });
  if (response.status !== 201) throw new Error(`report failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Moves the analysis' completion back in time: its 24-hour window closes without waiting a day. */
export async function ageAnalysis(analysisUuid: string, hours: number): Promise<void> {
  await testDb().raw(`UPDATE analyses SET completed_at = completed_at - make_interval(hours => ?) WHERE uuid = ?`, [hours, analysisUuid]);
}

export async function quotaUsed(companyId: number, operation: string): Promise<number> {
  const row = await testDb()('quota_usage').where({ company_id: companyId, operation }).first('used');
  return row?.used ?? 0;
}
