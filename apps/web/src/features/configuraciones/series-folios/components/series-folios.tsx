import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { SerieKind, type SerieResponse } from '@repo/contracts/series';
import { TIPOS_COMPROBANTE } from '@repo/contracts/tipos-comprobante/registro';
import { confirmDelete, notify } from '#src/shared/feedback/feedback-store.ts';
import type { SeriesApi } from '../api/series-api.ts';
import { SerieEditor } from './serie-editor.tsx';

/** The kinds of series (spec section 3), as the screen names them: each type's declared title. */
export const SERIE_KIND_LABEL = Object.fromEntries(
  TIPOS_COMPROBANTE.map((t) => [t.serie.kind, t.serie.etiqueta]),
) as Record<SerieKind, string>;

const NUMBER = new Intl.NumberFormat('es-MX');

export const seriesKey = (scope: string, kind: SerieKind) => ['series', scope, kind];

/** Series y folios: one card per kind, each with its series, a form to add one, edit and delete. */
export function SeriesFolios(props: { api: SeriesApi; kinds?: readonly SerieKind[] }) {
  return (
    <div className="d-flex flex-column gap-4">
      {(props.kinds ?? SerieKind.options).map((kind) => (
        <SeriesOfKind key={kind} api={props.api} kind={kind} />
      ))}
    </div>
  );
}

function SeriesOfKind(props: { api: SeriesApi; kind: SerieKind }) {
  const { api, kind } = props;
  const queryClient = useQueryClient();
  const key = seriesKey(api.scope, kind);
  const series = useQuery({ queryKey: key, queryFn: () => api.list(kind) });
  const [editing, setEditing] = useState<number | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const label = SERIE_KIND_LABEL[kind];

  const remove = (serie: SerieResponse) =>
    confirmDelete({
      message: `¿Desea eliminar la serie ${serie.serie} de ${label.toLowerCase()}?`,
      onAccept: async () => {
        await api.remove(serie.id);
        await refresh();
        notify('success', `Serie ${serie.serie} eliminada.`);
      },
    });

  return (
    <Card className="shadow-sm" as="section" aria-labelledby={`series-${kind}`}>
      <Card.Body className="p-4">
        <h2 id={`series-${kind}`} className="h5 fw-bold mb-3">
          {label}
        </h2>
        {series.isPending ? (
          <Spinner size="sm" />
        ) : series.isError ? (
          <Alert variant="danger">No fue posible cargar las series.</Alert>
        ) : series.data.length === 0 ? (
          <p className="text-body-secondary">Aún no tiene series para {label.toLowerCase()}.</p>
        ) : (
          <Table size="sm" className="align-middle" data-testid={`series-${kind}`}>
            <thead>
              <tr>
                <th>Serie</th>
                <th>Folio inicial</th>
                <th>Siguiente folio</th>
                <th className="text-end">Acciones</th>
              </tr>
            </thead>
            <tbody>
              {series.data.map((serie) =>
                editing === serie.id ? (
                  <tr key={serie.id}>
                    <td colSpan={4}>
                      <SerieEditor
                        idPrefix={`serie-${serie.id}`}
                        initial={{ serie: serie.serie, folio: serie.folio }}
                        folioLabel="Siguiente folio"
                        submitLabel="Guardar"
                        onCancel={() => setEditing(null)}
                        onSubmit={async (values) => {
                          await api.update(serie.id, values);
                          await refresh();
                          setEditing(null);
                          notify('success', `Serie ${values.serie} guardada.`);
                        }}
                      />
                    </td>
                  </tr>
                ) : (
                  <tr key={serie.id}>
                    <td className="fw-semibold">{serie.serie}</td>
                    <td>{NUMBER.format(serie.folio_inicial)}</td>
                    <td>{NUMBER.format(serie.folio)}</td>
                    <td className="text-end">
                      <Button
                        size="sm"
                        variant="outline-primary"
                        className="me-2"
                        onClick={() => setEditing(serie.id)}
                      >
                        Editar
                      </Button>
                      <Button size="sm" variant="outline-danger" onClick={() => remove(serie)}>
                        Eliminar
                      </Button>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </Table>
        )}
        <h3 className="h6 fw-semibold mt-3">Nueva serie</h3>
        <SerieEditor
          idPrefix={`nueva-serie-${kind}`}
          folioLabel="Folio inicial"
          submitLabel="Agregar serie"
          onSubmit={async (values) => {
            const created = await api.create({ kind, ...values });
            await refresh();
            notify('success', `Serie ${created.serie} agregada.`);
          }}
        />
      </Card.Body>
    </Card>
  );
}
