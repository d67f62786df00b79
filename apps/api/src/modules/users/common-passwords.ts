import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_COMMON_MESSAGE } from '@repo/contracts/users';
import { fieldError } from '../../http/errors.ts';

/**
 * The common and breached passwords a new password may not be: the 49,233 most frequent passwords of
 * the zxcvbn-ts "common" dictionary (npm @zxcvbn-ts/language-common, MIT; the list comes from public
 * password leaks), lower-cased in a Set built once per process on first use.
 */
let commonPasswords: Set<string> | null = null;

function commonSet(): Set<string> {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return commonPasswords;
}

/** Whether the password is on the list, whatever its case. */
export function isCommonPassword(password: string): boolean {
  return commonSet().has(password.toLowerCase());
}

/** How many passwords the list holds (for the test that proves it is really loaded). */
export function commonPasswordCount(): number {
  return commonSet().size;
}

/** Refuses a password being set (registration, reset, change) that is on the list; 422 on `field`. */
export function assertPasswordNotCommon(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw fieldError(field, PASSWORD_COMMON_MESSAGE);
}
