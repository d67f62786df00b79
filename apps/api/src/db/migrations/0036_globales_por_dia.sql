-- Global invoices by day, week, fortnight, month or bimester (c_Periodicidad 01–05; RMF rule
-- 2.7.1.21): several globals in one month when the period is a day, a week or a fortnight. A global's
-- period is now its first and last day; no two live globals of one enterprise share a day (checked
-- under the period lock by the API; the unique indexes below are the last guard for the same start).
alter table facturas_globales add column fecha_inicio date;
alter table facturas_globales add column fecha_fin date;
update facturas_globales
  set fecha_inicio = make_date(anio, mes_inicio, 1),
      fecha_fin = (make_date(anio, mes_fin, 1) + interval '1 month' - interval '1 day')::date;
alter table facturas_globales alter column fecha_inicio set not null;
alter table facturas_globales alter column fecha_fin set not null;
alter table facturas_globales add constraint facturas_globales_fechas_check
  check (fecha_fin >= fecha_inicio and extract(year from fecha_inicio) = anio);

alter table facturas_globales drop constraint facturas_globales_periodicidad_check;
alter table facturas_globales add constraint facturas_globales_periodicidad_check
  check (periodicidad in ('01', '02', '03', '04', '05'));

drop index facturas_globales_periodo_emitida;
drop index facturas_globales_periodo_guardada;
create unique index facturas_globales_periodo_emitida
  on facturas_globales (enterprise_id, fecha_inicio) where estado = 'emitida';
create unique index facturas_globales_periodo_guardada
  on facturas_globales (enterprise_id, fecha_inicio) where estado = 'guardada';
create index facturas_globales_fechas on facturas_globales (enterprise_id, fecha_inicio, fecha_fin);
