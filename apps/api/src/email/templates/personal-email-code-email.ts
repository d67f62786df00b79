import { renderEmail, type RenderedEmail } from './email-layout.ts';

/** Sent to the new address when the user changes the e-mail of the account. */
export function personalEmailCodeEmail(input: { name: string; code: string }): RenderedEmail {
  return renderEmail({
    subject: 'Código para confirmar su nuevo correo electrónico',
    greeting: `Hola, ${input.name}:`,
    paragraphs: [
      'Para usar esta dirección como el correo electrónico de su cuenta, ingrese el siguiente código en la ventana de cambio de correo.',
      'El código es válido durante 30 minutos.',
    ],
    code: input.code,
  });
}
