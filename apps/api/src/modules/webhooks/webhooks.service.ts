import {
  ENTREGA_HEADER,
  EVENTO_HEADER,
  EVENTO_PRUEBA,
  FIRMA_HEADER,
  MAX_WEBHOOKS,
  WEBHOOK_MENSAJES,
  type EntregaDetalleResponse,
  type EventoWebhook,
  type WebhookConSecretoResponse,
  type WebhookResponse,
} from '@repo/contracts/webhooks';
import type { Db } from '../../db/client.ts';
import { consulta } from '../../db/consulta.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { quienActua, registrarAuditoria } from '../auditoria/auditoria.ts';
import { seal } from '../sellos-fiscales/secret-box.ts';
import { motivoDestinoInvalido } from './destino.ts';
import {
  buscarEntrega,
  listarIntentos,
  reprogramarEntrega,
  ultimaFirma,
} from './entregas.queries.ts';
import { nuevoSecreto } from './firma.ts';
import { contextoSecreto } from './repartidor.ts';
import {
  actualizarEndpoint,
  borrarEndpoint,
  buscarEndpoint,
  contarEndpoints,
  encolarPrueba,
  guardarSecreto,
  insertarEndpoint,
  type EndpointRow,
} from './webhooks.queries.ts';

export interface WebhooksDeps {
  db: Db;
  secret: string;
  redPrivada: boolean;
  now: () => Date;
}

export interface WebhookDatos {
  url: string;
  descripcion: string;
  eventos: EventoWebhook[];
  activo: boolean;
}

function respuesta(row: EndpointRow): WebhookResponse {
  return { ...row, eventos: row.eventos as EventoWebhook[] };
}

async function exigirDestino(deps: WebhooksDeps, url: string) {
  const motivo = await motivoDestinoInvalido(url, deps.redPrivada);
  if (motivo) throw fieldError('url', motivo);
}

async function endpointDe(deps: WebhooksDeps, enterpriseId: number, id: number) {
  const row = await buscarEndpoint(deps.db, enterpriseId, id);
  if (!row) throw new AppError('NOT_FOUND', WEBHOOK_MENSAJES.noExiste);
  return row;
}

/** A new endpoint and its signing secret, which the answer shows this once. */
export async function crearWebhook(
  deps: WebhooksDeps,
  enterpriseId: number,
  datos: WebhookDatos,
): Promise<WebhookConSecretoResponse> {
  await exigirDestino(deps, datos.url);
  const secreto = nuevoSecreto();
  const quien = quienActua();
  const id = await withTransaction(deps.db, async (tx) => {
    // Counted under the enterprise's lock so two requests at once cannot pass the limit together.
    await consulta(tx, 'select 1 from enterprises where id = $1 for update', [enterpriseId]);
    if ((await contarEndpoints(tx, enterpriseId)) >= MAX_WEBHOOKS) {
      throw new AppError('CONFLICT', WEBHOOK_MENSAJES.maximo);
    }
    const nuevo = await insertarEndpoint(tx, enterpriseId, datos);
    const sellado = seal(deps.secret, contextoSecreto(enterpriseId, nuevo), Buffer.from(secreto));
    await guardarSecreto(tx, enterpriseId, nuevo, sellado);
    await registrarAuditoria(tx, enterpriseId, quien, {
      accion: 'webhook_creado',
      objeto: `webhook:${String(nuevo)}`,
      detalles: { url: datos.url, eventos: datos.eventos },
    });
    return nuevo;
  });
  return { ...respuesta(await endpointDe(deps, enterpriseId, id)), secreto };
}

export async function actualizarWebhook(
  deps: WebhooksDeps,
  enterpriseId: number,
  id: number,
  datos: WebhookDatos,
): Promise<WebhookResponse> {
  await exigirDestino(deps, datos.url);
  if (!(await actualizarEndpoint(deps.db, enterpriseId, id, datos))) {
    throw new AppError('NOT_FOUND', WEBHOOK_MENSAJES.noExiste);
  }
  return respuesta(await endpointDe(deps, enterpriseId, id));
}

/** A new secret; the old one stops signing at once (deliveries after this use the new one). */
export async function rotarSecreto(
  deps: WebhooksDeps,
  enterpriseId: number,
  id: number,
): Promise<WebhookConSecretoResponse> {
  const row = await endpointDe(deps, enterpriseId, id);
  const secreto = nuevoSecreto();
  await guardarSecreto(
    deps.db,
    enterpriseId,
    id,
    seal(deps.secret, contextoSecreto(enterpriseId, id), Buffer.from(secreto)),
  );
  return { ...respuesta(row), secreto };
}

export async function eliminarWebhook(deps: WebhooksDeps, enterpriseId: number, id: number) {
  const quien = quienActua();
  const row = await endpointDe(deps, enterpriseId, id);
  await withTransaction(deps.db, async (tx) => {
    if (!(await borrarEndpoint(tx, enterpriseId, id))) {
      throw new AppError('NOT_FOUND', WEBHOOK_MENSAJES.noExiste);
    }
    await registrarAuditoria(tx, enterpriseId, quien, {
      accion: 'webhook_eliminado',
      objeto: `webhook:${String(id)}`,
      detalles: { url: row.url },
    });
  });
}

/** "Enviar prueba": a webhook.prueba delivery to this endpoint, sent within seconds. */
export async function probarWebhook(deps: WebhooksDeps, enterpriseId: number, id: number) {
  await endpointDe(deps, enterpriseId, id);
  await encolarPrueba(deps.db, enterpriseId, id, {
    evento: EVENTO_PRUEBA,
    creado: deps
      .now()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z'),
    datos: { mensaje: 'Entrega de prueba: su webhook recibe los avisos de Facturación CFDI.' },
  });
}

/** A delivery as sent (its body, and its headers as the last attempt signed them) and its attempts. */
export async function detalleEntrega(
  deps: WebhooksDeps,
  enterpriseId: number,
  id: number,
): Promise<EntregaDetalleResponse> {
  const entrega = await buscarEntrega(deps.db, enterpriseId, id);
  if (!entrega) throw new AppError('NOT_FOUND', WEBHOOK_MENSAJES.entregaNoExiste);
  const intentos = await listarIntentos(deps.db, enterpriseId, id);
  const { endpoint_id: _endpoint, payload, ...resto } = entrega;
  const evento = `evt_${enterpriseId}_${id}`;
  const firma = await ultimaFirma(deps.db, enterpriseId, id);
  return {
    ...resto,
    cuerpo: JSON.stringify({ id: evento, ...(payload as object) }, null, 2),
    encabezados: {
      'content-type': 'application/json',
      [EVENTO_HEADER]: entrega.evento,
      [ENTREGA_HEADER]: evento,
      ...(firma ? { [FIRMA_HEADER]: firma } : {}),
    },
    intentos_detalle: intentos,
  };
}

export async function reenviarEntrega(deps: WebhooksDeps, enterpriseId: number, id: number) {
  if (!(await reprogramarEntrega(deps.db, enterpriseId, id))) {
    throw new AppError('NOT_FOUND', WEBHOOK_MENSAJES.entregaNoExiste);
  }
}
