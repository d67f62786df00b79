-- Inicio's monthly figures are net of credit notes (issue 25): a stamped credit note takes its Total
-- (in MXN at its TipoCambio) off the month of its Fecha in facturas_totales_mes, and its
-- cancellation gives it back; the number of invoices of the month does not change. The note keeps
-- its TipoCambio beside its Total. Only the notes' own trigger: the invoices' and payments' are
-- untouched.

alter table notas_credito add column tipo_cambio numeric(24, 6);

-- The body is written on one line on purpose: migration files are split into statements at a
-- semicolon that ends a line.
create function notas_credito_totales_mes() returns trigger language plpgsql as $$
declare signo integer; v_importe numeric; begin if new.status = 'timbrada' and old.status <> 'timbrada' then signo := -1; elsif old.status = 'timbrada' and new.status <> 'timbrada' then signo := 1; else return null; end if; select n.total * coalesce(n.tipo_cambio, 1) into v_importe from notas_credito n where n.enterprise_id = new.enterprise_id and n.comprobante_id = new.id; if v_importe is null or new.fecha = '' then return null; end if; insert into facturas_totales_mes as t (enterprise_id, mes, total, facturas) values (new.enterprise_id, substr(new.fecha, 1, 7), signo * v_importe, 0) on conflict (enterprise_id, mes) do update set total = t.total + excluded.total; return null; end
$$;

create trigger comprobantes_notas_credito_totales_mes
  after update of status on comprobantes
  for each row when (new.tipo = 'E' and new.serie_kind = 'notas-credito' and old.status is distinct from new.status)
  execute function notas_credito_totales_mes();
