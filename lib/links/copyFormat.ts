/**
 * What is put on the clipboard for a short link: the link alone, Markdown, HTML, or the
 * title and the link. The title is the page's title when there is one, else the long URL.
 */

import type { MessageKey } from '@/lib/i18n';

export const COPY_FORMATS = ['link', 'markdown', 'html', 'titleLink'] as const;
export type CopyFormat = (typeof COPY_FORMATS)[number];

/** The name of each format, as the selects show it (message keys). */
export const COPY_FORMAT_NAMES: Record<CopyFormat, MessageKey> = {
  link: 'copyFormatLink',
  markdown: 'copyFormatMarkdown',
  html: 'copyFormatHtml',
  titleLink: 'copyFormatTitleLink',
};

/** Whether a stored or received value is a known copy format. */
export function isCopyFormat(v: unknown): v is CopyFormat {
  return typeof v === 'string' && (COPY_FORMATS as readonly string[]).includes(v);
}

/** One line of title: control characters and line breaks would break every format. */
function oneLine(title: string): string {
  return title
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A link's text in the chosen format; `title` falls back to `longUrl` when empty. */
export function formatCopy(format: CopyFormat, link: { shortUrl: string; title?: string | null; longUrl: string }): string {
  const url = link.shortUrl;
  const title = oneLine(link.title ?? '') || link.longUrl;
  switch (format) {
    case 'markdown': {
      const text = title.replace(/[\\[\]]/g, (c) => `\\${c}`);
      // A parenthesis or a space in the address would end the Markdown link early.
      const target = url.replace(/[()\s]/g, (c) => (c === '(' ? '%28' : c === ')' ? '%29' : encodeURIComponent(c)));
      return `[${text}](${target})`;
    }
    case 'html':
      return `<a href="${escapeHtml(url)}">${escapeHtml(title)}</a>`;
    case 'titleLink':
      return `${title} ${url}`;
    default:
      return url;
  }
}
