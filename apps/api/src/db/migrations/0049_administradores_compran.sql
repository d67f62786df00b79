-- Issue 27: the owner decides whether the enterprise's administrators may buy credits ("todo, salvo
-- la propiedad y la compra de créditos si el propietario así lo indica"). Read by requireAuth in the
-- same statement as the member's role; true keeps what administrators could do before.

alter table enterprises add column administradores_compran boolean not null default true;
