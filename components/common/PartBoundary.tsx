import { Component, type ComponentType, type ReactNode } from 'react';

/** What a part that failed shows in its place; `retry` draws the part anew. */
export type PartFallback = ComponentType<{ retry: () => void }>;

/**
 * A part of a page (a section, or the whole page) that fails while drawn shows `Fallback` in its
 * place, and the rest of the page keeps working. Kept this small because the popup's first script
 * carries it: the words are in the fallback (PartFailed.tsx), which the popup loads only when needed.
 */
export class PartBoundary extends Component<{ Fallback: PartFallback; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  /** React's hook for a failure below: the part shows its fallback instead of the page going blank. */
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  /** The part, or its fallback; a retry mounts the part afresh (it was unmounted when it failed). */
  override render(): ReactNode {
    const { Fallback } = this.props;
    return this.state.failed ? <Fallback retry={() => this.setState({ failed: false })} /> : this.props.children;
  }
}
