/**
 * Stable, de-duplicated keys of graph elements. They derive from canonical ids only, so the
 * same element keeps its key across analyses, reads and expansions.
 */
export const entityNodeKey = (entityId: number) => `entity:${entityId}`;
export const proceedingNodeKey = (proceedingId: number) => `proceeding:${proceedingId}`;
export const relationshipEdgeKey = (relationshipId: number) => `edge:rel:${relationshipId}`;
export const partyEdgeKey = (proceedingId: number, entityId: number) => `edge:party:${proceedingId}:${entityId}`;
export const declarationEdgeKey = (declarationId: number) => `edge:decl:${declarationId}`;
export const pathId = (targetNodeKey: string) => `path:${targetNodeKey}`;

const nodeKeyPattern = /^(entity|proceeding):([1-9][0-9]{0,15})$/;

/** A node key taken from a URL; undefined when it cannot name any node. */
export function parseNodeKey(key: string): { kind: 'entity' | 'proceeding'; id: number } | undefined {
  const match = nodeKeyPattern.exec(key);
  if (!match) return undefined;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { kind: match[1] as 'entity' | 'proceeding', id } : undefined;
}
