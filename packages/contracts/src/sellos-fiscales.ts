import { z } from 'zod';

/** Spec section 9: a certificate issued 3 days ago or fewer is flagged new. */
export const CERTIFICATE_NEW_DAYS = 3;
export const SELLOS_EXPIRADOS = 'Sus sellos ya han expirado.';

/** What `get-cer-file-info` reads from a .cer before anything is saved. */
export const CerFileInfoResponse = z.object({
  certificated_number: z.string(),
  rfc: z.string(),
  name: z.string(),
  initial_date: z.string(),
  expiration_date: z.string(),
  is_expired: z.boolean(),
  is_new: z.boolean(),
  is_csd: z.boolean(),
});
export type CerFileInfoResponse = z.infer<typeof CerFileInfoResponse>;

/**
 * The Seals entity of spec section 3 as the server answers it: never the key, the certificate bytes
 * or the password (`password`, `cer_file` and `key_file` exist only in the upload form).
 */
export const SellosFiscalesResponse = z.object({
  sellos_fiscales_registered: z.boolean(),
  certificated_number: z.string().nullable(),
  rfc: z.string().nullable(),
  initial_date: z.string().nullable(),
  expiration_date: z.string().nullable(),
  is_expired: z.boolean(),
  is_new: z.boolean(),
  original_cer_file_name: z.string().nullable(),
  original_key_file_name: z.string().nullable(),
});
export type SellosFiscalesResponse = z.infer<typeof SellosFiscalesResponse>;
