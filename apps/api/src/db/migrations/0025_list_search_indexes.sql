-- Searches of the lists at scale (issue 16): a text anywhere (`ilike '%texto%'`) in an invoice's
-- name, RFC or UUID, a client's name, RFC or e-mails, a product's description, code, key or name is
-- found through a trigram index (pg_trgm) instead of testing every row of the enterprise; btree_gin
-- puts enterprise_id first in each, so a search reads only the enterprise's entries (the rule of
-- list-plans.test.ts). Both extensions ship with PostgreSQL and with PGlite (loaded by pglite.ts).
create extension if not exists pg_trgm;
create extension if not exists btree_gin;

-- The invoice list's search: the name and RFC as invoiced.
create index facturas_ingreso_busqueda
  on facturas_ingreso using gin (enterprise_id, client_name gin_trgm_ops, client_rfc gin_trgm_ops);

-- The same search in the UUID of stamped income invoices (a UUID-like text only).
create index comprobantes_uuid_busqueda on comprobantes using gin (enterprise_id, uuid gin_trgm_ops)
  where serie_kind = 'facturas-ingreso' and uuid is not null;

-- A client's e-mails as the search reads them: array_to_string of a text[] is immutable (it is
-- declared stable for arrays of any type), so an index can hold it.
create function clients_emails_texto(emails text[]) returns text language sql immutable parallel safe as $$
  select array_to_string(emails, ' ')
$$;

create index clients_busqueda on clients using gin (enterprise_id, name_razon_social gin_trgm_ops,
  rfc gin_trgm_ops, clients_emails_texto(emails) gin_trgm_ops);

create index products_services_busqueda on products_services using gin (enterprise_id,
  description gin_trgm_ops, internal_code gin_trgm_ops, product_service_key gin_trgm_ops,
  product_service_name gin_trgm_ops);
