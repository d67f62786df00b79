import { z } from 'zod';

/** POST /api/help-center/question-form (signed in) → 201 `data: { id }`; e-mailed to support. */
export const QuestionFormRequest = z.object({
  question: z
    .string({ error: 'Escriba su pregunta' })
    .trim()
    .min(1, 'Escriba su pregunta')
    .max(200, 'La pregunta no puede tener más de 200 caracteres'),
  question_details: z
    .string({ error: 'Describa los detalles de su pregunta' })
    .trim()
    .min(1, 'Describa los detalles de su pregunta')
    .max(5000, 'Los detalles no pueden tener más de 5000 caracteres'),
});
export type QuestionFormRequest = z.infer<typeof QuestionFormRequest>;

export const QuestionFormResponse = z.object({ id: z.number().int() });
