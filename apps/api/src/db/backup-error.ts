/** A backup or restore that cannot be done as asked: the command prints its Spanish message and exits 1. */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}
