import { createElement, useEffect, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';

/**
 * A part of the popup loaded after its first render, together with the styles of such parts
 * (laterStyles.ts), so that it is never drawn before its styles are in the page. It shows
 * `fallback` (default nothing) until its code is there, then draws in the next render: no
 * Suspense boundary, whose fallback would make React 19 hold the revealed part back for 300 ms
 * (docs/ARCHITECTURE.md, "The popup's first script"). A chunk that cannot be loaded leaves the
 * fallback (asked again at the next mount).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy: any component's props
export function lazyPart<C extends ComponentType<any>>(load: () => Promise<C>) {
  let loading: Promise<C> | null = null;
  let loaded: C | null = null;
  return function LatePart({ fallback = null, ...props }: ComponentProps<C> & { fallback?: ReactNode }) {
    const [part, setPart] = useState(() => loaded);
    useEffect(() => {
      if (part) return;
      loading ??= Promise.all([load(), import('./laterStyles')]).then(([c]) => (loaded = c));
      // Unmounted meanwhile: React ignores the update. Not loaded: asked again at the next mount.
      loading.then((c) => setPart(() => c)).catch(() => (loading = null));
    }, [part]);
    return part ? createElement(part, props as ComponentProps<C>) : fallback;
  };
}
