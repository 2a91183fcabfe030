/** Whether a failed storage write was refused for storage.local's quota (Chrome: "…kQuotaBytes quota exceeded"; Firefox: QuotaExceededError). */
export function isQuotaError(e: unknown): boolean {
  const text = e instanceof Error ? `${e.name} ${e.message}` : String(e);
  return /quota/i.test(text);
}
