const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * Server messages can contain HTML (real deployments do this); the UI shows them as text only.
 * Tags are dropped, common entities decoded, whitespace folded and the length capped.
 */
export function toPlainText(value: unknown, max = 300): string {
  const text = typeof value === 'string' ? value : value == null ? '' : String(value);
  const plain = text
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, name: string) => {
      const lower = name.toLowerCase();
      if (lower in ENTITIES) return ENTITIES[lower]!;
      if (lower.startsWith('#x')) return safeCodePoint(parseInt(lower.slice(2), 16)) ?? m;
      if (lower.startsWith('#')) return safeCodePoint(parseInt(lower.slice(1), 10)) ?? m;
      return m;
    })
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

function safeCodePoint(n: number): string | undefined {
  if (!Number.isFinite(n) || n < 32 || n > 0x10ffff) return undefined;
  // Decoding an entity must not bring back markup characters.
  const ch = String.fromCodePoint(n);
  return ch === '<' || ch === '>' ? ' ' : ch;
}
