import { request } from '#src/shared/http/api-client.ts';

/** POST /clients/rfc-unique: true when no other client of the enterprise has the RFC. */
export async function checkClientRfcUnique(rfc: string, id: number | null): Promise<boolean> {
  const { is_unique } = await request<{ is_unique: boolean }>('clients/rfc-unique', {
    body: { rfc, id },
  });
  return is_unique;
}
