/**
 * The one look of every mail: a heading, paragraphs, an optional button-like link, and the association's footer,
 * as plain text and as simple, accessible HTML (a single column, real text, `lang`, a link that reads as what it
 * does). Every inserted text is escaped. The frame's words are in ./texts/frame.ts (ADR 079).
 */
import type { Locale } from '../../../../contract/locales';
import { frameTexts } from './texts/frame';

export { association } from './texts/frame';

export interface MailLayoutInput {
  locale: Locale;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Extra lines above the association's address, e.g. why the mail came or how to unsubscribe. */
  footer?: string;
  /** A link in the footer, e.g. to unsubscribe. */
  footerLink?: { label: string; url: string };
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c]);

/** Only http(s) links go into a mail; anything else is a programming error. */
function checkedUrl(url: string) {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`mailLayout: refusing link ${parsed.protocol}`);
  return parsed.toString();
}

export function mailLayout({ locale, heading, paragraphs, action, footer, footerLink }: MailLayoutInput): { text: string; html: string } {
  const url = action && checkedUrl(action.url);
  const footerUrl = footerLink && checkedUrl(footerLink.url);
  const footerLines = [...(footer ? [footer] : []), frameTexts[locale].footer];
  const footerStyle = 'margin:0 0 8px;font-size:13px;line-height:1.5;color:#55524d';

  const text = [
    heading,
    '='.repeat(Math.min(heading.length, 72)),
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(action && url ? [`${action.label}:`, url, ''] : []),
    '-- ',
    ...footerLines,
    ...(footerLink && footerUrl ? [`${footerLink.label}: ${footerUrl}`] : []),
    '',
  ].join('\n');

  const p = (content: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${content}</p>`;
  const html = `<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(heading)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f1ec;color:#1d1d1b;font-family:Georgia,'Times New Roman',serif">
<div role="article" aria-label="${escapeHtml(heading)}" style="max-width:600px;margin:0 auto;padding:32px 24px;background:#ffffff">
<h1 style="margin:0 0 24px;font-size:24px;line-height:1.3">${escapeHtml(heading)}</h1>
${paragraphs.map((paragraph) => p(escapeHtml(paragraph))).join('\n')}
${
  action && url
    ? `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:#7a1f2b;color:#ffffff;text-decoration:none;font-size:16px;border-radius:4px">${escapeHtml(action.label)}</a></p>
${p(`${escapeHtml(frameTexts[locale].buttonFallback)}<br><a href="${escapeHtml(url)}" style="color:#7a1f2b;word-break:break-all">${escapeHtml(url)}</a>`)}`
    : ''
}
<hr style="border:0;border-top:1px solid #d8d2c8;margin:32px 0 16px">
${footerLines.map((line) => `<p style="${footerStyle}">${escapeHtml(line)}</p>`).join('\n')}
${footerLink && footerUrl ? `<p style="${footerStyle}"><a href="${escapeHtml(footerUrl)}" style="color:#55524d">${escapeHtml(footerLink.label)}</a></p>` : ''}
</div>
</body>
</html>
`;
  return { text, html };
}
