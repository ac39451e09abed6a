/** Examples of the batch endpoints (docs/batches.md), taken from a real run's responses; each parses with its schema (test/unit/api/openapi). */
export const analysisBatchExample = {
  uuid: '6d1f0a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b',
  name: 'book-2026-11',
  status: 'running',
  pause_reason: null,
  counts: { total: 4, pending: 1, completed: 2, failed: 1, canceled: 0 },
  risk_levels: { low: 1, medium: 1, high: 0, critical: 0 },
  webhook_endpoint_uuid: null,
  created_by: { type: 'api_key', id: '0b1c2d3e-4f50-4a6b-8c7d-8e9f0a1b2c3d', name: 'integration key' },
  created_at: '2026-11-28T17:50:01.123Z',
  started_at: '2026-11-28T17:50:01.456Z',
  completed_at: null,
  links: {
    self: '/analysis-batches/6d1f0a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b',
    results: '/analysis-batches/6d1f0a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b/results',
  },
};

export const batchCsvExample = 'document,client_reference\n11.222.333/0001-81,customer-0042\n529.982.247-25,customer-0043\n';
export const batchNdjsonExample = '{"document":"11.222.333/0001-81","client_reference":"customer-0042"}\n{"entity_id":4711}\n';

export const batchResultsNdjsonExample =
  '{"row":1,"document":"11.222.333/0001-81","entity_id":null,"client_reference":"customer-0042","status":"completed","analysis_uuid":"0f4b2c1d-7e8a-8b9c-9d0e-1f2a3b4c5d6e","score":12,"risk_level":"low","error":null}\n' +
  '{"row":2,"document":"11222333000180","entity_id":null,"client_reference":"customer-0043","status":"failed","analysis_uuid":null,"score":null,"risk_level":null,"error":{"code":"invalid_document","message":"not a valid CPF or CNPJ (check digits, length or repeated digits)"}}\n';

export const batchResultsCsvExample =
  'row,document,entity_id,client_reference,status,analysis_uuid,score,risk_level,error_code,error_message\n' +
  '1,11.222.333/0001-81,,customer-0042,completed,0f4b2c1d-7e8a-8b9c-9d0e-1f2a3b4c5d6e,12,low,,\n' +
  '2,11222333000180,,customer-0043,failed,,,,invalid_document,"not a valid CPF or CNPJ (check digits, length or repeated digits)"\n';
