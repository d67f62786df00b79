-- Recovery of sealed documents whose PAC answer never came (timeout, crash, PAC outage): a job in
-- every API process resends them with backoff. reenvio_siguiente is when the next resend is due;
-- a process claims a due document by moving it forward (a lease) under FOR UPDATE SKIP LOCKED, so two
-- processes never resend the same document at once. reenvio_intentos counts the job's resends.
alter table comprobantes
  add column reenvio_intentos integer not null default 0,
  add column reenvio_siguiente timestamptz not null default now();

create index comprobantes_reenvio_pendiente
  on comprobantes (reenvio_siguiente, enterprise_id, id) where status = 'sellada';
