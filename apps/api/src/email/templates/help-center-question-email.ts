import { renderEmail, type RenderedEmail } from './email-layout.ts';

/** The help-center question as support receives it. */
export function helpCenterQuestionEmail(input: {
  id: number;
  question: string;
  questionDetails: string;
  userName: string;
  userEmail: string;
  enterprise: { id: number; rfc: string; razon_social: string };
}): RenderedEmail {
  const enterprise = [input.enterprise.razon_social, input.enterprise.rfc]
    .filter((v) => v !== '')
    .join(' — ');
  return renderEmail({
    subject: `Centro de ayuda #${input.id}: ${input.question}`,
    greeting: 'Nueva pregunta desde el centro de ayuda:',
    paragraphs: [
      `Pregunta: ${input.question}`,
      `Detalles: ${input.questionDetails}`,
      `Usuario: ${input.userName} <${input.userEmail}>`,
      `Empresa: ${enterprise || 'sin datos fiscales'} (id ${input.enterprise.id})`,
      'Responda a este correo para contestar directamente al usuario.',
    ],
    closing: [],
  });
}
