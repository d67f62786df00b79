import { INVITACION_DIAS, ROL_ETIQUETA, type Rol } from '@repo/contracts/equipo';
import { renderEmail, type RenderedEmail } from './email-layout.ts';

/** An invitation to an enterprise (issue 27): who invites, to which enterprise, with what role. */
export function invitacionEmail(input: {
  invitadaPor: string;
  empresa: string;
  rfc: string;
  rol: Rol;
  link: string;
}): RenderedEmail {
  return renderEmail({
    subject: `${input.invitadaPor} le invita a facturar con ${input.empresa}`,
    greeting: 'Hola:',
    paragraphs: [
      `${input.invitadaPor} le invita a la empresa ${input.empresa} (RFC ${input.rfc}) con el rol ${ROL_ETIQUETA[input.rol]}.`,
      `Abra el enlace para aceptar: si aún no tiene cuenta, la creará con este correo electrónico. El enlace es válido durante ${INVITACION_DIAS} días y solo puede usarse una vez.`,
    ],
    action: { label: 'Aceptar la invitación', url: input.link },
    closing: ['Si no esperaba esta invitación, ignore este mensaje.'],
  });
}
