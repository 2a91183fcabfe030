/**
 * The results of a batch as text: a list (one short link a line), Markdown (a list of
 * `[title or address](short link)`), or CSV (`long_url,short_url,status,campaign,rule`, RFC 4180: quoting and
 * CRLF line ends, copied or downloaded alike; the file alone starts with a byte-order mark).
 */
import { formatCopy } from '@/lib/links/copyFormat';

export const BULK_COPY_FORMATS = ['list', 'markdown', 'csv'] as const;
export type BulkCopyFormat = (typeof BULK_COPY_FORMATS)[number];

/** Whether a stored or chosen value is a known bulk copy format. */
export function isBulkCopyFormat(v: unknown): v is BulkCopyFormat {
  return typeof v === 'string' && (BULK_COPY_FORMATS as readonly string[]).includes(v);
}

/** What the formats need of a row. `status` is a stable word for spreadsheets, not translated. */
export interface ResultRow {
  longUrl: string;
  shortUrl: string | null;
  status: string;
  title?: string | null;
  /** The campaign the link was filed into (its name), and the site rule that chose any of its choices. */
  campaign?: string;
  rule?: string;
}

/** One CSV field, quoted when it holds a comma, a quote, a line break or outer spaces. */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The whole batch as CSV with a header row; every row, made or not (the status says). */
export function toCsv(rows: readonly ResultRow[]): string {
  const lines = [
    ['long_url', 'short_url', 'status', 'campaign', 'rule'],
    ...rows.map((r) => [r.longUrl, r.shortUrl ?? '', r.status, r.campaign ?? '', r.rule ?? '']),
  ];
  return `${lines.map((cells) => cells.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/**
 * The batch as a CSV file: the UTF-8 byte-order mark first, so that spreadsheets read accents as
 * UTF-8 (the clipboard copy has none: a pasted mark would be a stray character).
 */
export function toCsvFile(rows: readonly ResultRow[]): string {
  return `\uFEFF${toCsv(rows)}`;
}

/** The batch's results in a format for the clipboard; list and Markdown hold only rows with a link. */
export function formatResults(format: BulkCopyFormat, rows: readonly ResultRow[]): string {
  if (format === 'csv') return toCsv(rows);
  const made = rows.filter((r): r is ResultRow & { shortUrl: string } => !!r.shortUrl);
  if (format === 'markdown') return made.map((r) => `- ${formatCopy('markdown', r)}`).join('\n');
  return made.map((r) => r.shortUrl).join('\n');
}
