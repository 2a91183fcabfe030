import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildSchemasSoon, lazySchema } from '@/lib/api/lazySchema';

describe('buildSchemasSoon', () => {
  it('builds every schema not built yet, each once, in tasks that let other work in between', async () => {
    const built: string[] = [];
    const a = lazySchema(() => (built.push('a'), z.string()));
    lazySchema(() => (built.push('b'), z.number()));
    expect(a.parse('x')).toBe('x');
    let between = false;
    setTimeout(() => (between = true), 0);
    // A budget of 0 ms: one schema per task at most.
    await buildSchemasSoon(0);
    expect(built.filter((n) => n === 'a')).toHaveLength(1);
    expect(built).toContain('b');
    expect(between).toBe(true);
  });
});
