import { RFC_TAKEN_MESSAGE } from '@repo/contracts/enterprises';
import {
  CONFIGURACION_TERMINADA_MESSAGE,
  SELLO_AVISO_DIAS,
  type ConfiguracionEmpresaResponse,
  type EmpresasResumenResponse,
} from '@repo/contracts/empresas';
import { EMPRESA_AJENA_MESSAGE } from '@repo/contracts/equipo';
import type { AppDeps } from '../../deps.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { AuthContext } from '../../http/auth.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { ensureDefaultConfiguration } from '../enterprises/default-configuration.ts';
import { insertEnterpriseForUser, isRfcTaken } from '../enterprises/enterprises.queries.ts';
import { ultimosDoceMeses } from '../inicio/inicio.service.ts';
import { issueNewClientToken } from '../new-client/new-client-links.ts';
import { isUniqueViolation } from '../users/unique-violation.ts';
import { listUserEnterprises } from '../users/users.queries.ts';
import { resumenDeEmpresas } from './empresas.queries.ts';

type Deps = Pick<AppDeps, 'db' | 'now'>;

/**
 * "Agregar empresa" (issue 27): a new enterprise owned by the signed-in user (propietario), with the
 * default series and tax groups every enterprise starts with, and a new-client token that opens the
 * same initial configuration wizard as the first one; finishing it answers a session on the new
 * enterprise. No welcome credits: they are a trial of the product, not a per-RFC allowance
 * (decision 013).
 */
export async function agregarEmpresa(
  deps: Deps,
  auth: AuthContext,
  rfc: string,
): Promise<ConfiguracionEmpresaResponse> {
  try {
    return await withTransaction(deps.db, async (tx) => {
      if (await isRfcTaken(tx, rfc)) throw fieldError('rfc', RFC_TAKEN_MESSAGE);
      const enterpriseId = await insertEnterpriseForUser(tx, auth.userId, { rfc });
      await ensureDefaultConfiguration(tx, enterpriseId, rfc);
      const token = await issueNewClientToken(
        tx,
        { userId: auth.userId, enterpriseId },
        deps.now(),
      );
      return { enterprise_id: enterpriseId, new_client_token: token };
    });
  } catch (err) {
    // Two additions of the same RFC racing past the check: the unique index decides.
    if (isUniqueViolation(err)) throw fieldError('rfc', RFC_TAKEN_MESSAGE);
    throw err;
  }
}

/**
 * Resumes the initial configuration of one of the user's enterprises that was left unfinished (the
 * wizard closed half-way): a fresh new-client token for it.
 */
export async function continuarConfiguracion(
  deps: Deps,
  auth: AuthContext,
  enterpriseId: number,
): Promise<ConfiguracionEmpresaResponse> {
  const empresa = (await listUserEnterprises(deps.db, auth.userId)).find(
    (e) => e.id === enterpriseId,
  );
  if (!empresa) throw new AppError('NOT_FOUND', EMPRESA_AJENA_MESSAGE, { showToClient: true });
  if (empresa.setup_completed) {
    throw new AppError('CONFLICT', CONFIGURACION_TERMINADA_MESSAGE, { showToClient: true });
  }
  const token = await issueNewClientToken(
    deps.db,
    { userId: auth.userId, enterpriseId },
    deps.now(),
  );
  return { enterprise_id: enterpriseId, new_client_token: token };
}

const DIA_MS = 86_400_000;

/** The accountant's overview: the figures of each of the user's enterprises, the active one first. */
export async function resumenEmpresas(
  deps: Deps,
  auth: AuthContext,
): Promise<EmpresasResumenResponse> {
  const now = deps.now();
  const mes = ultimosDoceMeses(now).at(-1) ?? '';
  const filas = await resumenDeEmpresas(deps.db, {
    userId: auth.userId,
    mes,
    inicioMes: `${mes}-01`,
  });
  const aviso = now.getTime() + SELLO_AVISO_DIAS * DIA_MS;
  const empresas = filas.map((f) => {
    const vence = f.sello_vence === null ? null : new Date(f.sello_vence);
    return {
      ...f,
      id: Number(f.id),
      creditos: Number(f.creditos),
      facturas_mes: Number(f.facturas_mes),
      complementos_por_emitir: Number(f.complementos_por_emitir),
      cancelaciones_en_proceso: Number(f.cancelaciones_en_proceso),
      sello_vence: vence?.toISOString() ?? null,
      sello_vencido: vence !== null && vence.getTime() < now.getTime(),
      sello_por_vencer: vence !== null && vence.getTime() <= aviso,
    };
  });
  const activa = empresas.filter((e) => e.id === auth.enterpriseId);
  return { mes, empresas: [...activa, ...empresas.filter((e) => e.id !== auth.enterpriseId)] };
}
