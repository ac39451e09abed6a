import { randomInt, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { completeCnpj } from '../domain/documents/cnpj';
import { normalizeName } from '../domain/names/normalize-name';

/**
 * Entity-store rows for analysis tests, inserted directly (the importers are exercised by their
 * own tests; here only the analysis pipeline is under test). Every row carries a `fixture:`
 * source key and fresh documents, so tests never collide with each other or with imported data.
 */
export function randomCnpj(): string {
  let base = '';
  for (let i = 0; i < 12; i++) base += String(randomInt(10));
  return completeCnpj(base);
}

export function randomCpf(): string {
  const digits = Array.from({ length: 9 }, () => randomInt(10));
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += digits[i] * (length + 1 - i);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

/** 12.345.678/0001-95 */
export function formatCnpj(cnpj: string): string {
  return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
}

export type FixtureEntity = { id: number; document: string | null; name: string };

export async function createEntity(
  db: Knex,
  input: {
    type: 'person' | 'organization' | 'foreign_entity';
    name?: string;
    document?: string | null;
    status?: string | null;
    profile?: Record<string, unknown>;
  },
): Promise<FixtureEntity> {
  const name = input.name ?? `${input.type === 'person' ? 'Fixture Person' : 'Fixture Company'} ${randomUUID().slice(0, 8)}`;
  const document =
    input.document === undefined
      ? input.type === 'person'
        ? randomCpf()
        : input.type === 'organization'
          ? randomCnpj()
          : null
      : input.document;
  const documentType = document === null ? null : document.length === 11 ? 'cpf' : 'cnpj';
  const [row] = await db('entities')
    .insert({
      entity_type: input.type,
      display_name: name,
      normalized_name: normalizeName(name),
      document,
      document_type: documentType,
      status: input.status ?? (input.type === 'organization' ? 'ATIVA' : null),
      profile: JSON.stringify(input.profile ?? {}),
      source_key: `fixture:${randomUUID()}`,
    })
    .returning('id');
  if (document) await db('entity_documents').insert({ entity_id: row.id, document, document_type: documentType });
  return { id: row.id, document, name };
}

/** A second canonical entity holding the same document: what makes a resolution ambiguous. */
export async function addEntityDocument(db: Knex, entityId: number, document: string): Promise<void> {
  await db('entity_documents').insert({ entity_id: entityId, document, document_type: document.length === 11 ? 'cpf' : 'cnpj' });
}

export async function link(
  db: Knex,
  source: number,
  target: number,
  input: { type?: string; role?: string; ownership?: string | null; validFrom?: string | null } = {},
): Promise<void> {
  await db('relationships').insert({
    source_entity_id: source,
    target_entity_id: target,
    relationship_type: input.type ?? 'PARTNER_OF',
    relationship_role: input.role ?? 'Sócio-Administrador',
    qualification_code: '49',
    ownership_percentage: input.ownership ?? null,
    valid_from: input.validFrom ?? '2015-01-01',
    is_active: true,
    evidence_source: 'manual',
    source_key: `fixture:${randomUUID()}`,
  });
}

/** A PEP record of the entity: an elected official unless `pepType` says a public official (an office of the administration). */
export async function addPep(
  db: Knex,
  entityId: number,
  input: { startDate?: string; endDate?: string | null; role?: string; pepType?: 'elected_official' | 'public_official' } = {},
): Promise<void> {
  const entity = await db('entities').where({ id: entityId }).first('display_name', 'normalized_name');
  await db('pep_records').insert({
    entity_id: entityId,
    name: entity.display_name,
    normalized_name: entity.normalized_name,
    role_acronym: 'DEP',
    role_description: input.role ?? 'Deputado Federal',
    role_level: 'federal',
    institution_name: 'Câmara dos Deputados',
    start_date: input.startDate ?? '2019-02-01',
    end_date: input.endDate ?? null,
    pep_type: input.pepType ?? 'elected_official',
    source_key: `fixture:${randomUUID()}`,
  });
}

export async function addSanction(
  db: Knex,
  entityId: number,
  input: { list?: 'ceis' | 'cnep'; startDate?: string; endDate?: string | null } = {},
): Promise<void> {
  const entity = await db('entities').where({ id: entityId }).first('display_name', 'normalized_name', 'document', 'document_type');
  await db('sanctions').insert({
    entity_id: entityId,
    list_code: input.list ?? 'ceis',
    document: entity.document,
    document_type: entity.document_type,
    name: entity.display_name,
    normalized_name: entity.normalized_name,
    sanction_type: 'Impedimento de licitar e contratar',
    start_date: input.startDate ?? '2024-01-10',
    end_date: input.endDate === undefined ? '2099-12-31' : input.endDate,
    sanctioning_body: 'Controladoria-Geral da União',
    process_number: `PROC-${randomUUID().slice(0, 8)}`,
    source_key: `fixture:${randomUUID()}`,
  });
}

/**
 * A small realistic subject: an active company with two partners, one of them a PEP and the
 * other a company sanctioned on CEIS. Returns the subject and its partners.
 */
export async function createRiskyCompany(db: Knex): Promise<{ subject: FixtureEntity; pep: FixtureEntity; sanctioned: FixtureEntity }> {
  const subject = await createEntity(db, {
    type: 'organization',
    profile: { incorporation_date: '2016-03-01', capital_social: '150000.00' },
  });
  const pep = await createEntity(db, { type: 'person' });
  const sanctioned = await createEntity(db, { type: 'organization' });
  await link(db, pep.id, subject.id, { ownership: '60.000000' });
  await link(db, sanctioned.id, subject.id, { type: 'OWNS', role: 'Sócio Pessoa Jurídica', ownership: '40.000000' });
  await addPep(db, pep.id);
  await addSanction(db, sanctioned.id);
  return { subject, pep, sanctioned };
}

/** A clean, long-established company with one person partner. */
export async function createCleanCompany(db: Knex): Promise<{ subject: FixtureEntity; partner: FixtureEntity }> {
  const subject = await createEntity(db, {
    type: 'organization',
    profile: { incorporation_date: '2005-06-15', capital_social: '50000.00' },
  });
  const partner = await createEntity(db, { type: 'person' });
  await link(db, partner.id, subject.id, { ownership: '100.000000' });
  return { subject, partner };
}

/**
 * An entity whose stored data cannot be fingerprinted: Postgres keeps the number 1e400 in jsonb,
 * JavaScript reads it as Infinity, and canonical JSON rejects non-finite numbers. Enrichment
 * therefore fails deterministically (a non-retryable failure), which is how the tests provoke
 * a failed workflow without touching the code under test.
 */
export async function createPoisonedEntity(db: Knex): Promise<FixtureEntity> {
  const entity = await createEntity(db, { type: 'organization' });
  await db.raw(`UPDATE entities SET profile = jsonb_set(profile, '{capital_social}', '1e400'::jsonb) WHERE id = ?`, [entity.id]);
  return entity;
}
