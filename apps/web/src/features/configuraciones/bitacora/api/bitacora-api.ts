import type {
  AccionAuditoria,
  RegistroAuditoria,
  UsuarioEnBitacora,
} from '@repo/contracts/auditoria';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '#src/shared/http/api-client.ts';
import type { ListPage } from '#src/shared/ui/list/list-page.ts';
import type { ListQuery } from '#src/shared/ui/list/list-query.ts';
import { downloadFile } from '#src/shared/ui/list/download-file.ts';

/** The "Bitácora" screen's filters: dates (AAAA-MM-DD, inclusive), user ('producto': the system). */
export interface BitacoraFiltros {
  desde: string;
  hasta: string;
  user_id: string;
  accion: '' | AccionAuditoria;
}

export type BitacoraPage = ListPage<RegistroAuditoria> & { usuarios: UsuarioEnBitacora[] };

function parametros(f: BitacoraFiltros) {
  return {
    desde: f.desde || undefined,
    hasta: f.hasta || undefined,
    user_id: f.user_id || undefined,
    accion: f.accion || undefined,
  };
}

/** GET /auditoria/{enterpriseId}?page&items_per_page with the filters, newest first. */
export function useBitacora(enterpriseId: number, query: ListQuery<'fecha'>, f: BitacoraFiltros) {
  return useQuery({
    queryKey: ['auditoria', enterpriseId, f, query.page, query.perPage],
    queryFn: () =>
      request<BitacoraPage>(`auditoria/${enterpriseId}`, {
        query: { page: query.page, items_per_page: query.perPage, ...parametros(f) },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /auditoria/{enterpriseId}/export: the filtered log as CSV. */
export function exportarBitacora(enterpriseId: number, f: BitacoraFiltros): Promise<void> {
  const q = new URLSearchParams(
    Object.entries(parametros(f)).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();
  return downloadFile(`auditoria/${enterpriseId}/export${q ? `?${q}` : ''}`, 'bitacora.csv');
}
