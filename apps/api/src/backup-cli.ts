// The operator's backup and restore: `npm run backup -- <archivo>`, `npm run restore -- <archivo>`.
// Compiled with the API (dist/backup-cli.js), so it runs where only the production dependencies are.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { backup, BackupError, restore } from './db/backup.ts';
import { StartupError } from './db/startup-error.ts';

const HELP = `Uso: npm run backup -- <archivo>     respalda la base de datos en un archivo nuevo
     npm run restore -- <archivo>    restaura un respaldo en una base de datos vacía

Usa la base de datos de DATABASE_URL (pg_dump y pg_restore del cliente de PostgreSQL), o la PGlite de
DATA_DIR/db (detenga antes el servidor: PGlite admite un solo proceso; se restaura en un DATA_DIR sin
base de datos). El respaldo no lleva APP_SECRET (ni DATA_DIR/secrets/app-secret), que cifra las llaves
de los CSD: guárdelo aparte y use el mismo donde restaure.`;

// The backup holds every enterprise's data: readable by this user only.
process.umask(0o077);

const [command, file] = process.argv.slice(2);
if (!file || file === 'ayuda' || (command !== 'backup' && command !== 'restore')) {
  console.log(HELP);
  process.exit(file ? 0 : 2);
}

try {
  const config = loadConfig();
  // npm runs scripts from the repository's root; a relative path is the operator's, from INIT_CWD.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (command === 'backup') {
    const { kind } = await backup(config, path);
    const size = (statSync(path).size / 1024 / 1024).toFixed(1);
    console.log(
      `Respaldo ${kind === 'postgres' ? 'de PostgreSQL' : 'de la base de datos integrada'} escrito en ${path} (${size} MB).`,
    );
  } else {
    const { migrations } = await restore(config, path);
    console.log(
      `Respaldo restaurado (${migrations} migraciones aplicadas en él; las que falten se aplican al iniciar). ` +
        'Inicie el servidor con el mismo APP_SECRET que tenía la base de datos respaldada.',
    );
  }
} catch (error) {
  if (
    error instanceof BackupError ||
    error instanceof ConfigError ||
    error instanceof StartupError
  ) {
    console.error(`Error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
