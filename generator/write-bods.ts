import path from 'node:path';
import { formatCnpj } from '../domain/documents/cnpj';
import { formatCpf } from '../domain/documents/cpf';
import { LineFileWriter } from './file-formats';
import { hashInt } from './prng';
import type { World } from './world';

const publication = { publicationDate: '2025-12-01', bodsVersion: '0.4', publisher: { name: 'Synthetic declarations (seeded generator)' } };

/**
 * Declared beneficial ownership as BODS 0.4 records (a JSON array written statement by
 * statement): ownership chains of 2–6 layers ending at a person or at a foreign holding with no
 * declared owner, and cross-holdings (A owns B, B owns A). Every fourth share is a range.
 */
export async function writeBods(world: World, dir: string): Promise<number> {
  const { ids, size } = world;
  const writer = new LineFileWriter(path.join(dir, 'bods.json'), 'utf8');
  const declared = new Set<string>();
  let count = 0;
  const emit = async (statement: Record<string, unknown>) => {
    await writer.line(`${count === 0 ? '[' : ','}${JSON.stringify(statement)}`);
    count++;
  };
  const company = async (c: number) => {
    const recordId = `ent-${c}`;
    if (declared.has(recordId)) return recordId;
    declared.add(recordId);
    await emit({
      statementId: `st-${recordId}`,
      declarationSubject: recordId,
      statementDate: '2025-11-30',
      publicationDetails: publication,
      recordId,
      recordStatus: 'new',
      recordType: 'entity',
      recordDetails: {
        isComponent: false,
        entityType: { type: 'registeredEntity' },
        name: world.legalName(c),
        jurisdiction: { name: 'Brazil', code: 'BR' },
        identifiers: [{ scheme: 'BR-CNPJ', id: formatCnpj(ids.cnpj(c)) }],
      },
    });
    return recordId;
  };
  const person = async (p: number) => {
    const recordId = `per-${p}`;
    if (declared.has(recordId)) return recordId;
    declared.add(recordId);
    await emit({
      statementId: `st-${recordId}`,
      declarationSubject: recordId,
      statementDate: '2025-11-30',
      publicationDetails: publication,
      recordId,
      recordStatus: 'new',
      recordType: 'person',
      recordDetails: {
        isComponent: false,
        personType: 'knownPerson',
        names: [{ type: 'legal', fullName: ids.personName(p) }],
        nationalities: [{ name: 'Brazil', code: 'BR' }],
        identifiers: [{ scheme: 'BR-CPF', id: formatCpf(ids.cpf(p)) }],
      },
    });
    return recordId;
  };
  const foreign = async (f: number) => {
    const recordId = `for-${f}`;
    if (declared.has(recordId)) return recordId;
    declared.add(recordId);
    const holding = ids.foreign(f);
    await emit({
      statementId: `st-${recordId}`,
      declarationSubject: recordId,
      statementDate: '2025-11-30',
      publicationDetails: publication,
      recordId,
      recordStatus: 'new',
      recordType: 'entity',
      recordDetails: {
        isComponent: false,
        entityType: { type: 'registeredEntity' },
        name: holding.name,
        jurisdiction: { name: holding.country.name, code: holding.country.iso },
        identifiers: [{ scheme: holding.country.scheme, id: holding.registration }],
      },
    });
    return recordId;
  };
  const owns = async (subject: string, owner: string, salt: number, beneficial: boolean, fixed?: number) => {
    const h = hashInt(world.seed, salt, 70);
    const exact = fixed ?? 51 + (h % 50);
    const share = fixed === undefined && h % 4 === 0 ? { minimum: 25, maximum: 50 } : { exact, minimum: exact, maximum: exact };
    const recordId = `rel-${subject}-${owner}`;
    await emit({
      statementId: `st-${recordId}`,
      declarationSubject: subject,
      statementDate: '2025-11-30',
      publicationDetails: publication,
      recordId,
      recordStatus: 'new',
      recordType: 'relationship',
      recordDetails: {
        isComponent: false,
        subject,
        interestedParty: owner,
        interests: [
          { type: 'shareholding', directOrIndirect: 'direct', beneficialOwnershipOrControl: beneficial, share, startDate: '2018-01-01' },
        ],
      },
    });
  };
  for (let c = 0; c < size.companies; c++) {
    const length = world.chainStart(c);
    if (length !== null) {
      for (let layer = 0; layer < length - 1; layer++) await owns(await company(c + layer), await company(c + layer + 1), c + layer, false);
      const top = await company(c + length - 1);
      if (world.chainTopIsForeign(c)) await owns(top, await foreign(world.chainTopForeign(c)), c + 100, false, 100);
      else await owns(top, await person((c * 13) % size.persons), c + 200, true);
    }
    if (world.crossHolding(c)) {
      await owns(await company(c + 1), await company(c), c + 300, false, 30);
      await owns(await company(c), await company(c + 1), c + 400, false, 20);
    }
  }
  await writer.line(count === 0 ? '[]' : ']');
  await writer.close();
  return count;
}
