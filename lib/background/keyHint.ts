/** The end of an API key shown behind the mask: at most its last 4 characters and never more than half of it (a short key is never shown whole). */
export function keyHint(apiKey: string): string {
  const shown = Math.min(4, Math.floor(apiKey.length / 2));
  return shown > 0 ? apiKey.slice(-shown) : '';
}
