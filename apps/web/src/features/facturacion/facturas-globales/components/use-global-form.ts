import { type Dispatch, type SetStateAction, useCallback, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type {
  ImportacionGlobal,
  RecibosDelPeriodoResponse,
} from '@repo/contracts/facturas-globales';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { ApiError, errorMessageOf } from '#src/shared/http/api-error.ts';
import { useGuardarGlobal } from '../api/facturas-globales.ts';
import {
  claveDeIntento,
  nuevaVenta,
  solicitudDe,
  conRecibos,
  ventasDeImportacion,
  type GlobalFormState,
  type VentaForm,
} from '../model/global-form-model.ts';

/** The server's errors: per sale (by index) and general. */
export interface ErroresServidor {
  porVenta: Map<number, string[]>;
  generales: string[];
}

/** The server's field errors: header fields by name, sales by their index ("partidas.12.subtotal"). */
function erroresDelServidor(error: unknown): ErroresServidor {
  const campos = error instanceof ApiError ? error.fieldErrors : {};
  const porVenta = new Map<number, string[]>();
  const generales: string[] = [];
  for (const [campo, mensajes] of Object.entries(campos)) {
    const m = /^partidas\.(\d+)/.exec(campo);
    if (m) porVenta.set(Number(m[1]), [...(porVenta.get(Number(m[1])) ?? []), ...mensajes]);
    else generales.push(...mensajes);
  }
  return { porVenta, generales };
}

/**
 * Saves or stamps the global invoice: keeps its id once saved, the server's errors, and moves to
 * the edit (first save) or detail (stamped) screen. `guardado` clears the unsaved-changes mark.
 * `sustituye`: the stamped global it replaces (stamped with `?sustituye=`, never saved).
 */
export function useEnviarGlobal(
  s: GlobalFormState,
  inicial: { id: number | null; sustituye: number | null },
  guardado: () => void,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [id, setId] = useState<number | null>(inicial.id);
  const [servidor, setServidor] = useState<ErroresServidor>({
    porVenta: new Map(),
    generales: [],
  });
  const guardar = useGuardarGlobal();

  const enviar = async (timbrar: boolean) => {
    setServidor({ porVenta: new Map(), generales: [] });
    try {
      const r = await guardar.mutateAsync({
        body: solicitudDe(s, { id, ...(timbrar ? { idempotencyKey: claveDeIntento() } : {}) }),
        timbrar,
        sustituye: inicial.sustituye,
      });
      flushSync(guardado);
      // The original's cancellation (motivo 01) changed it and its month too.
      if (inicial.sustituye !== null) void queryClient.invalidateQueries();
      if (timbrar) {
        notify(
          'success',
          `La factura global ${r.serie.serie} ${r.serie.folio ?? ''} fue timbrada.`,
        );
        void navigate(`/facturacion/facturas-globales/detalle/${r.id}`);
      } else {
        notify('success', 'La factura global fue guardada.');
        setId(r.id);
        if (id === null)
          void navigate(`/facturacion/facturas-globales/editar/${r.id}`, { replace: true });
      }
    } catch (error) {
      const e = erroresDelServidor(error);
      if (e.porVenta.size === 0 && e.generales.length === 0)
        e.generales.push(errorMessageOf(error, 'No fue posible guardar la factura global.'));
      setServidor(e);
    }
  };

  return { enviar, servidor, setServidor, pendiente: guardar.isPending };
}

type Cambio = Partial<
  Pick<VentaForm, 'folioVenta' | 'grupoImpuestosId' | 'subtotal' | 'descuento'>
>;

/** Editing the sales of the global form: change, remove, add and import; edits clear the server's errors. */
export function useVentasGlobal(
  setS: Dispatch<SetStateAction<GlobalFormState>>,
  setServidor: Dispatch<SetStateAction<ErroresServidor>>,
  rubrosGlobales: readonly RubroImpuestoResponse[],
) {
  const onChange = useCallback(
    (key: number, cambio: Cambio) => {
      setS((prev) => ({
        ...prev,
        ventas: prev.ventas.map((v) => {
          if (v.key !== key) return v;
          const { erroresImport: _e, ...resto } = v;
          return { ...resto, ...cambio };
        }),
      }));
      setServidor((prev) => (prev.porVenta.size ? { ...prev, porVenta: new Map() } : prev));
    },
    [setS, setServidor],
  );
  const onRemove = useCallback(
    (key: number) => {
      setS((prev) => ({ ...prev, ventas: prev.ventas.filter((v) => v.key !== key) }));
      setServidor((prev) => (prev.porVenta.size ? { ...prev, porVenta: new Map() } : prev));
    },
    [setS, setServidor],
  );
  const onAdd = useCallback(() => {
    setS((prev) => ({
      ...prev,
      ventas: [...prev.ventas, nuevaVenta({ grupoImpuestosId: rubrosGlobales[0]?.id ?? null })],
    }));
  }, [rubrosGlobales, setS]);
  const onImported = (r: ImportacionGlobal, modo: 'reemplazar' | 'agregar') => {
    const nuevas = ventasDeImportacion(r.ventas);
    setS((prev) => ({
      ...prev,
      ventas: modo === 'agregar' ? [...prev.ventas, ...nuevas] : nuevas,
    }));
    setServidor({ porVenta: new Map(), generales: [] });
  };
  const onRecibos = (r: RecibosDelPeriodoResponse) => {
    setS((prev) => ({ ...prev, ventas: conRecibos(prev.ventas, r) }));
    setServidor({ porVenta: new Map(), generales: [] });
  };
  return { onChange, onRemove, onAdd, onImported, onRecibos };
}
