import { renderEmail, type RenderedEmail } from './email-layout.ts';

/** Sent on registration, on resend and on a change of the unverified address. */
export function registrationVerificationEmail(input: {
  name: string;
  link: string;
}): RenderedEmail {
  return renderEmail({
    subject: 'Confirme su correo electrónico',
    greeting: `Hola, ${input.name}:`,
    paragraphs: [
      'Gracias por registrarse. Para activar su cuenta, confirme su correo electrónico. Después le guiaremos en la configuración inicial para que pueda emitir sus facturas.',
      'El enlace es válido durante 48 horas.',
    ],
    action: { label: 'Confirmar mi correo electrónico', url: input.link },
  });
}
