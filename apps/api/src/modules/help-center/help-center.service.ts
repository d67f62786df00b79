import type { QuestionFormRequest } from '@repo/contracts/help-center';
import type { AppDeps } from '../../deps.ts';
import { withTransaction } from '../../db/transaction.ts';
import { helpCenterQuestionEmail } from '../../email/templates/help-center-question-email.ts';
import { AppError } from '../../http/errors.ts';
import { findEnterpriseBasics } from '../enterprises/enterprises.queries.ts';
import { findUserById } from '../users/users.queries.ts';
import { insertQuestion } from './help-center.queries.ts';

/** Stores the question and e-mails it to SUPPORT_EMAIL (replies go to the user), all or nothing. */
export async function submitQuestion(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  who: { userId: number; enterpriseId: number },
  input: QuestionFormRequest,
): Promise<{ id: number }> {
  const user = await findUserById(deps.db, who.userId);
  const enterprise = await findEnterpriseBasics(deps.db, who.enterpriseId);
  if (!user || !enterprise) throw new AppError('NOT_FOUND', 'La cuenta no existe.');
  return withTransaction(deps.db, async (tx) => {
    const id = await insertQuestion(tx, who.enterpriseId, {
      user_id: who.userId,
      question: input.question,
      question_details: input.question_details,
    });
    const mail = helpCenterQuestionEmail({
      id,
      question: input.question,
      questionDetails: input.question_details,
      userName: user.name,
      userEmail: user.email,
      enterprise,
    });
    await deps.mailer.send({ to: deps.config.SUPPORT_EMAIL, replyTo: user.email, ...mail });
    return { id };
  });
}
