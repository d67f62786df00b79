import type { Db } from '../../db/client.ts';
import { helpCenterQuestions } from '../../db/schema/help-center-questions.ts';

export async function insertQuestion(
  db: Db,
  enterpriseId: number,
  values: { user_id: number; question: string; question_details: string },
): Promise<number> {
  const [row] = await db
    .insert(helpCenterQuestions)
    .values({ enterprise_id: enterpriseId, ...values })
    .returning({ id: helpCenterQuestions.id });
  if (!row) throw new Error('insertQuestion returned no row');
  return row.id;
}
