import { createHash } from 'node:crypto';

/**
 * The uuid of the one analysis of a subject in a batch, derived from the batch and the subject
 * (RFC 9562 version 8, name-based): every row of the subject — a duplicate, or the same row run
 * again after a worker was killed — names the same analysis, which is written once.
 */
export function batchRowAnalysisUuid(batchUuid: string, subjectKey: string): string {
  const bytes = createHash('sha256').update(`analysis-batch:${batchUuid.toLowerCase()}:${subjectKey}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x80;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
