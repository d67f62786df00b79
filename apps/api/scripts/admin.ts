// The operator's command: plans, promotional codes and credits by hand (`npm run admin -- ayuda`).
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/open.ts';
import { migrate } from '../src/db/migrate.ts';
import { resolveAppSecret } from '../src/http/secrets.ts';
import { AppError } from '../src/http/errors.ts';
import {
  adjustCredits,
  createPlan,
  createPromoCode,
  findEnterpriseId,
  listPromoCodes,
  setPromoCodeActive,
  updatePlan,
} from '../src/modules/credits/credits-admin.service.ts';
import { refundPayment } from '../src/modules/credits/payment-fulfilment.service.ts';
import { listAllPlans } from '../src/modules/credits/plans.queries.ts';
import { createPayments } from '../src/payments/create-payment-gateway.ts';

const HELP = `Uso: npm run admin -- <orden> [opciones]

  planes                                     lista los paquetes (activos e inactivos)
  plan-crear --nombre N --creditos C --precio P [--regalo R]
                                             precio en MXN con IVA, p. ej. 349.00
  plan-editar <id> [--nombre N] [--creditos C] [--regalo R] [--precio P] [--activo si|no]
  codigos                                    lista los códigos promocionales y sus usos
  codigo-crear --codigo X (--creditos C | --descuento PCT) --por QUIEN
               [--desde AAAA-MM-DD] [--hasta AAAA-MM-DD] [--limite N] [--por-empresa N] [--plan-minimo ID]
  codigo-activar <CODIGO> | codigo-desactivar <CODIGO>
  creditos-otorgar --empresa ID|RFC --creditos C --por QUIEN --motivo POR_QUE
  creditos-retirar --empresa ID|RFC --creditos C --por QUIEN --motivo POR_QUE
  pago-reembolsar --empresa ID|RFC --pago ID  reembolsa el pago en la pasarela y retira sus créditos no gastados

Usa la base de datos de DATABASE_URL, o la PGlite de DATA_DIR/db (detenga antes el servidor: PGlite
admite un solo proceso).`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    nombre: { type: 'string' },
    creditos: { type: 'string' },
    regalo: { type: 'string' },
    precio: { type: 'string' },
    activo: { type: 'string' },
    codigo: { type: 'string' },
    descuento: { type: 'string' },
    desde: { type: 'string' },
    hasta: { type: 'string' },
    limite: { type: 'string' },
    'por-empresa': { type: 'string' },
    'plan-minimo': { type: 'string' },
    por: { type: 'string' },
    motivo: { type: 'string' },
    empresa: { type: 'string' },
    pago: { type: 'string' },
  },
});

const int = (name: string, v: string | undefined): number | undefined => {
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v)) throw new AppError('BAD_REQUEST', `--${name} debe ser un número entero.`);
  return Number(v);
};
const need = (name: string, v: string | undefined): string => {
  if (!v) throw new AppError('BAD_REQUEST', `Falta --${name}.`);
  return v;
};
const day = (name: string, v: string | undefined, end: boolean): Date | null => {
  if (!v) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v))
    throw new AppError('BAD_REQUEST', `--${name} debe ser AAAA-MM-DD.`);
  // Days are Mexico City days (UTC-6): from 00:00 of --desde to the end of --hasta.
  return new Date(`${v}T${end ? '23:59:59.999' : '00:00:00.000'}-06:00`);
};

const config = loadConfig();
const [command, arg] = positionals;
if (!command || command === 'ayuda') {
  console.log(HELP);
  process.exit(0);
}
const database = await openDatabase(config);
await migrate(database);
const db = database.db;
try {
  switch (command) {
    case 'planes':
      console.table(await listAllPlans(db));
      break;
    case 'plan-crear':
      console.log(
        await createPlan(db, {
          name: need('nombre', values.nombre),
          credits: int('creditos', need('creditos', values.creditos)) ?? 0,
          gift_credits: int('regalo', values.regalo) ?? 0,
          price: need('precio', values.precio),
        }),
      );
      break;
    case 'plan-editar':
      console.log(
        await updatePlan(db, int('id', need('id del paquete', arg)) ?? 0, {
          ...(values.nombre ? { name: values.nombre } : {}),
          ...(values.creditos ? { credits: int('creditos', values.creditos) ?? 0 } : {}),
          ...(values.regalo ? { gift_credits: int('regalo', values.regalo) ?? 0 } : {}),
          ...(values.precio ? { price: values.precio } : {}),
          ...(values.activo ? { active: values.activo === 'si' } : {}),
        }),
      );
      break;
    case 'codigos':
      console.table(
        (await listPromoCodes(db)).map(({ code: c, redeemed }) => ({
          codigo: c.code,
          tipo: c.kind === 'credits' ? `+${c.extra_credits} créditos` : `-${c.discount_percent} %`,
          activo: c.active,
          desde: c.valid_from?.toISOString() ?? '',
          hasta: c.valid_until?.toISOString() ?? '',
          usados: redeemed,
          limite: c.max_redemptions ?? 'sin límite',
          por_empresa: c.max_per_enterprise,
          creado_por: c.created_by,
        })),
      );
      break;
    case 'codigo-crear':
      console.log(
        await createPromoCode(db, {
          code: need('codigo', values.codigo),
          kind: values.descuento ? 'discount' : 'credits',
          ...(values.descuento
            ? { discount_percent: values.descuento }
            : {
                extra_credits:
                  int('creditos', need('creditos o --descuento', values.creditos)) ?? 0,
              }),
          valid_from: day('desde', values.desde, false),
          valid_until: day('hasta', values.hasta, true),
          max_redemptions: int('limite', values.limite) ?? null,
          max_per_enterprise: int('por-empresa', values['por-empresa']) ?? 1,
          min_subscription_plan_id: int('plan-minimo', values['plan-minimo']) ?? null,
          created_by: need('por', values.por),
        }),
      );
      break;
    case 'codigo-activar':
    case 'codigo-desactivar':
      console.log(await setPromoCodeActive(db, need('código', arg), command === 'codigo-activar'));
      break;
    case 'creditos-otorgar':
    case 'creditos-retirar': {
      const enterpriseId = await findEnterpriseId(db, need('empresa', values.empresa));
      const credits = int('creditos', need('creditos', values.creditos)) ?? 0;
      const r = await adjustCredits(db, enterpriseId, {
        credits: command === 'creditos-otorgar' ? credits : -credits,
        actor: need('por', values.por),
        reason: need('motivo', values.motivo),
      });
      console.log(`Saldo de la empresa ${enterpriseId}: ${r.balance} créditos.`);
      break;
    }
    case 'pago-reembolsar': {
      const enterpriseId = await findEnterpriseId(db, need('empresa', values.empresa));
      const now = () => new Date();
      const payments = createPayments(config, {
        db,
        secret: resolveAppSecret(config),
        clock: now,
        delivery: 'manual',
      });
      const outcome = await refundPayment(
        { db, config, now, payments, logger: pino({ level: 'warn' }) },
        enterpriseId,
        int('pago', need('pago', values.pago)) ?? 0,
      );
      console.log(outcome);
      break;
    }
    default:
      console.error(`Orden desconocida: ${command}\n\n${HELP}`);
      process.exitCode = 2;
  }
} catch (e) {
  console.error(e instanceof AppError ? `Error: ${e.message}` : e);
  process.exitCode = 1;
} finally {
  await database.close();
}
