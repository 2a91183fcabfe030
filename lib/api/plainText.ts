const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Longest input looked at: a server message is short; a 10 MB one must not stall the worker. */
const MAX_INPUT = 20_000;

/**
 * Server messages can contain HTML (real deployments do this); the UI shows them as text only.
 * Entities are decoded first (so `&lt;script&gt;` cannot come back as a tag), then tags are
 * dropped, whitespace folded and the length capped. No `<` followed by a letter, `/`, `!` or
 * `?` survives. Any value is accepted (objects whose toString is broken become '').
 */
export function toPlainText(value: unknown, max = 300): string {
  const full = textOf(value);
  const text = full.length > MAX_INPUT ? full.slice(0, MAX_INPUT) : full;
  const plain = text
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, name: string) => {
      const lower = name.toLowerCase();
      if (Object.hasOwn(ENTITIES, lower)) return ENTITIES[lower]!;
      if (lower.startsWith('#x')) return safeCodePoint(parseInt(lower.slice(2), 16)) ?? m;
      if (lower.startsWith('#')) return safeCodePoint(parseInt(lower.slice(1), 10)) ?? m;
      return m;
    })
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    // [^<>] rather than [^>]: linear time on a run of '<' without '>'.
    .replace(/<[^<>]*>/g, ' ')
    // What is left of an unclosed tag (`<b oops`, `</`, `<!--`) loses its '<' (a run of them at once).
    .replace(/<+/g, (run, at: number, all: string) => (/[a-z/!?]/i.test(all.charAt(at + run.length)) ? '' : run))
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value == null) return '';
  try {
    return String(value);
  } catch {
    return ''; // e.g. {"toString": "x"} from JSON: String() throws on it
  }
}

function safeCodePoint(n: number): string | undefined {
  if (!Number.isFinite(n) || n < 32 || n > 0x10ffff) return undefined;
  return String.fromCodePoint(n);
}
