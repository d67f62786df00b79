-- Teams (issue 27): each member of an enterprise has a role, checked by the API on every request
-- (apps/api/src/http/permisos.ts). Every member so far opened the enterprise themselves: the owner.
-- No default afterwards, so no insert can make someone owner by forgetting the role.
alter table enterprise_users
  add column role text not null default 'propietario'
    check (role in ('propietario', 'administrador', 'facturista', 'lectura'));
alter table enterprise_users alter column role drop default;
