import { RFC_TAKEN_MESSAGE, type UniqueCheckResponse } from '@repo/contracts/enterprises';
import type { Db } from '../../db/client.ts';
import { isRfcTaken } from './enterprises.queries.ts';

/**
 * The RFC check of the registration and tax data forms: HTTP 200 either way, `success` tells. An
 * empty RFC skips the check; `ownEnterpriseId` (the signed-in caller's) may keep its RFC.
 */
export async function checkRfcUnique(
  db: Db,
  rfc: string,
  ownEnterpriseId: number | null,
): Promise<UniqueCheckResponse> {
  return rfc !== '' && (await isRfcTaken(db, rfc, ownEnterpriseId))
    ? { success: false, dataError: RFC_TAKEN_MESSAGE }
    : { success: true, data: { unique: true } };
}
