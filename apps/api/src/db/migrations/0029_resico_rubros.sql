-- Régimen Simplificado de Confianza (626): a persona moral withholds ISR at 1.25 % from a persona
-- física in this régimen (LISR art. 113-J), not the 10 % of honorarios and rent. New accounts in 626
-- get two tax groups with that rate (default-configuration.ts); this gives them to the personas
-- físicas (13-character RFC) already in 626 that lack them, by name: IVA 16 % + ISR 1.25 % + IVA 2/3
-- withheld (services and rent) and IVA 16 % + ISR 1.25 % (goods). It only adds: no group, tax or
-- product of the user is changed or removed. An enterprise whose tax list lacks one of the taxes
-- (never read yet, so it has none) gets no group; the groups come with its régimen change.
-- One statement on purpose: migration files are split into statements at a semicolon that ends a line.
with grupos (name, con_iva) as (
  values
    ('IVA 16% con retenciones RESICO (ISR 1.25% e IVA 2/3)', true),
    ('IVA 16% con retención RESICO (ISR 1.25%)', false)
), tasas as (
  select enterprise_id,
    min(id) filter (where tipo = 'trasladado' and tax_type = 'IVA' and tipo_factor = 'Tasa' and value = 0.16) as iva16,
    min(id) filter (where tipo = 'retenido' and tax_type = 'ISR' and tipo_factor = 'Tasa' and value = 0.0125) as isr125,
    min(id) filter (where tipo = 'retenido' and tax_type = 'IVA' and tipo_factor = 'Tasa' and value = 0.106666) as iva23
  from impuestos
  group by enterprise_id
), faltan as (
  select e.id as enterprise_id, g.name, t.iva16, t.isr125, case when g.con_iva then t.iva23 end as iva23
  from enterprises e
  join tasas t on t.enterprise_id = e.id
  cross join grupos g
  where e.regimen_fiscal = '626'
    and char_length(e.rfc) = 13
    and t.iva16 is not null
    and t.isr125 is not null
    and (t.iva23 is not null or not g.con_iva)
    and not exists (
      select 1 from rubros_impuestos r
      where r.enterprise_id = e.id and lower(trim(r.name)) = lower(g.name)
    )
), nuevos as (
  insert into rubros_impuestos (enterprise_id, name, objeto_impuesto_key)
  select enterprise_id, name, '02' from faltan
  returning enterprise_id, id, name
)
insert into rubros_impuestos_impuestos (enterprise_id, rubro_impuesto_id, impuesto_id)
select n.enterprise_id, n.id, x.impuesto_id
from nuevos n
join faltan f on f.enterprise_id = n.enterprise_id and f.name = n.name
cross join lateral (values (f.iva16), (f.isr125), (f.iva23)) as x (impuesto_id)
where x.impuesto_id is not null;
