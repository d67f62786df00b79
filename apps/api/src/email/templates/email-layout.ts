export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface EmailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** A call to action rendered as a button (HTML) and as the bare URL (text). */
  action?: { label: string; url: string };
  /** A code to type, shown large. */
  code?: string;
  closing?: string[];
}

const APP_NAME = 'Facturación CFDI';

/** One layout for every e-mail: the same words as HTML (inline styles, for mail clients) and text. */
export function renderEmail(content: EmailContent): RenderedEmail {
  const closing = content.closing ?? [
    'Si usted no solicitó este mensaje, puede ignorarlo con seguridad.',
  ];
  const textParts = [content.greeting, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.code) textParts.push(`Código: ${content.code}`, '');
  if (content.action) textParts.push(`${content.action.label}: ${content.action.url}`, '');
  textParts.push(...closing, '', `— ${APP_NAME}`);

  const p = (t: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#212529;white-space:pre-wrap">${escapeHtml(t)}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#0d6efd;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold;display:inline-block">${escapeHtml(content.action.label)}</a></p>` +
      p('Si el botón no funciona, copie y pegue esta dirección en su navegador:') +
      `<p style="margin:0 0 16px;font-size:13px;word-break:break-all"><a href="${escapeHtml(content.action.url)}">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const code = content.code
    ? `<p style="margin:24px 0;font-size:28px;letter-spacing:6px;font-weight:bold;font-family:monospace">${escapeHtml(content.code)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 24px;font-size:20px;color:#0d6efd">${APP_NAME}</h1>
${p(content.greeting)}
${content.paragraphs.map(p).join('\n')}
${code}
${button}
${closing.map(p).join('\n')}
</div>
</body></html>`;
  return {
    subject: content.subject,
    text: textParts.join('\n'),
    html,
    links: content.action ? [content.action.url] : [],
  };
}
