/**
 * Writes a CSD-like TEST certificate and key issued by data/test-ca (never valid before the SAT).
 *
 *   npx tsx packages/cfdi/scripts/generate-test-csd.ts --rfc EKU9003173C9 \
 *     --nombre "ESCUELA KEMPER URGATE SA DE CV" --out ./csd-demo [--password 12345678a] \
 *     [--valid-from 2024-01-01] [--valid-to 2028-01-01] [--sucursal Matriz] [--curp CURP] [--fiel]
 *
 * Output: <out>/<RFC>.cer (DER), <out>/<RFC>.key (DER PKCS#8 encrypted), <out>/password.txt.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateTestCsd } from '../src/csd/generate-test-csd.ts';

const { values } = parseArgs({
  options: {
    rfc: { type: 'string' },
    nombre: { type: 'string' },
    out: { type: 'string', default: '.' },
    password: { type: 'string' },
    'valid-from': { type: 'string' },
    'valid-to': { type: 'string' },
    sucursal: { type: 'string' },
    curp: { type: 'string' },
    fiel: { type: 'boolean', default: false },
  },
});
if (!values.rfc || !values.nombre) {
  process.stderr.write(
    'Uso: generate-test-csd.ts --rfc RFC --nombre "NOMBRE" [--out DIR] [--password P]\n',
  );
  process.exit(2);
}
const rfc = values.rfc.toUpperCase();
const csd = generateTestCsd({
  rfc,
  nombre: values.nombre,
  ...(values.password ? { password: values.password } : {}),
  ...(values['valid-from'] ? { validFrom: new Date(values['valid-from']) } : {}),
  ...(values['valid-to'] ? { validTo: new Date(values['valid-to']) } : {}),
  ...(values.sucursal ? { sucursal: values.sucursal } : {}),
  ...(values.curp ? { curp: values.curp } : {}),
  fiel: values.fiel,
});
mkdirSync(values.out, { recursive: true });
writeFileSync(join(values.out, `${rfc}.cer`), csd.cer);
writeFileSync(join(values.out, `${rfc}.key`), csd.key);
writeFileSync(join(values.out, 'password.txt'), csd.password);
process.stdout.write(`${join(values.out, `${rfc}.cer`)} NoCertificado ${csd.noCertificado}\n`);
