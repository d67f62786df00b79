import { SendByEmailRequest } from '@repo/contracts/comprobantes';

/** The addresses typed in one box, separated by commas, semicolons, spaces or lines. */
export function parseEmails(text: string): string[] {
  const seen = new Set<string>();
  const emails: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    const email = part.trim();
    if (email === '' || seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    emails.push(email);
  }
  return emails;
}

/**
 * The message to show for the typed addresses, checked with the API's own schema before anything is
 * sent: which address is wrong, or that there are none or too many. Null when they can be sent.
 */
export function emailsError(emails: readonly string[]): string | null {
  const result = SendByEmailRequest.safeParse({ emails, comprobante_type: 'factura_ingreso' });
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return null;
  const index = issue.path[1];
  if (issue.path[0] === 'emails' && typeof index === 'number')
    return `${issue.message}: ${emails[index] ?? ''}`;
  return issue.message;
}
