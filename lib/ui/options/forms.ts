/**
 * Form helpers of the options page: input schemas run in the page so that a bad field is
 * named before anything is sent, colour conversions, and safe URLs for href/src.
 */
import type * as z from 'zod/mini';
import { safeHttpUrl } from '@/lib/api/safeUrl';
import { issueField } from '@/lib/api/inputs';
import { fieldIssueText, issueText } from '@/lib/i18n/issueText';

/** One bad field: its name (its `name` attribute), the message, and the problem alone ("is required") for the page to put the field's visible label before it. */
export interface FieldProblem {
  field: string;
  message: string;
  problem?: string;
}

/** A form's values checked: the data, or the first bad field (and, in `more`, every other bad field, one problem each). */
export type Checked<T> = { ok: true; data: T } | ({ ok: false; more?: FieldProblem[] } & FieldProblem);

/** Runs an input schema; on failure names every bad field (its first problem) like the client does ("color must be …"). */
export function validate<S extends z.ZodMiniType>(schema: S, value: unknown, fieldPrefix?: string): Checked<z.output<S>> {
  const r = schema.safeParse(value);
  if (r.success) return { ok: true, data: r.data };
  const problems = new Map<string, FieldProblem>();
  for (const issue of r.error.issues) {
    const field = issueField(issue, fieldPrefix);
    const problem = issue.message || 'is not valid';
    if (!problems.has(field)) problems.set(field, { field, message: fieldIssueText(field, problem), problem: issueText(problem) });
  }
  const [first, ...more] = [...problems.values()];
  return {
    ok: false,
    ...(first ?? { field: fieldPrefix || 'input', message: fieldIssueText(fieldPrefix || 'input', 'is not valid') }),
    more,
  };
}

/** '' (after trimming) becomes undefined: optional fields left empty are not sent. */
export function optional(value: string): string | undefined {
  const t = value.trim();
  return t === '' ? undefined : t;
}

/** A whole number typed in a field, or NaN (the schema then names the field). */
export function parseId(value: string): number {
  const t = value.trim();
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}

/** A #RRGGBB colour that may go into a style, else null. */
export function safeHexColor(value: string): string | null {
  return /^#[0-9a-fA-F]{6}$/.test(value) ? value : null;
}

/** Only http(s) URLs go into href/src (records are sanitised already; checked again here). */
export function safeHref(value: string | null | undefined): string | undefined {
  return safeHttpUrl(value) ?? undefined;
}
