import type { Executor } from '../../../db/create-db';
import { findCompanyUuid } from '../../../db/repositories/tenancy/tenancy-repository';
import { NotFoundError } from '../../../domain/errors';

/** The public uuid of a company (a delivery workflow's search attribute); gone: NotFoundError. */
export async function companyUuidOf(db: Executor, companyId: number): Promise<string> {
  const uuid = await findCompanyUuid(db, companyId);
  if (!uuid) throw new NotFoundError('company');
  return uuid;
}
