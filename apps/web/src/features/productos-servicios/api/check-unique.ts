import { request } from '#src/shared/http/api-client.ts';

/** POST /products-services/internal-code-unique: true when no other product has the code. */
export async function checkInternalCodeUnique(code: string, id: number | null): Promise<boolean> {
  const { is_unique } = await request<{ is_unique: boolean }>(
    'products-services/internal-code-unique',
    { body: { internal_code: code, id } },
  );
  return is_unique;
}

/** POST /products-services/description-unique: true when no other product has the description. */
export async function checkDescriptionUnique(
  description: string,
  id: number | null,
): Promise<boolean> {
  const { is_unique } = await request<{ is_unique: boolean }>(
    'products-services/description-unique',
    { body: { description, id } },
  );
  return is_unique;
}
