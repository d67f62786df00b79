import { renderEmail, type RenderedEmail } from './email-layout.ts';

export function passwordResetEmail(input: { name: string; link: string }): RenderedEmail {
  return renderEmail({
    subject: 'Restablezca su contraseña',
    greeting: `Hola, ${input.name}:`,
    paragraphs: [
      'Recibimos una solicitud para restablecer la contraseña de su cuenta.',
      'El enlace es válido durante 1 hora y solo puede usarse una vez.',
    ],
    action: { label: 'Restablecer mi contraseña', url: input.link },
    closing: [
      'Si usted no lo solicitó, ignore este mensaje: su contraseña actual sigue siendo válida.',
    ],
  });
}
