import type { QuestionFormRequest } from '@repo/contracts/help-center';
import { request } from '#src/shared/http/api-client.ts';

/** POST /help-center/question-form. */
export function sendQuestion(body: QuestionFormRequest): Promise<{ id: number }> {
  return request<{ id: number }>('help-center/question-form', { method: 'POST', body });
}
