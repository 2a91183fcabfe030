/**
 * Keeps the keyboard's place when the element that had focus goes away under it (a confirmed
 * delete removes its row, "Cancel this link" its button, a switch disables the select while it
 * works): focus then falls to the page's body and the next Tab starts from the top. The keeper
 * puts it back on the same element once it can take it again, on an element drawn in its place
 * (the same id), on the first control of the row now in its row's place (a list's next row, or
 * its previous when it was the last), or else on the first control of the closest part still on
 * the page.
 */

const CONTROLS =
  'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled), a[href], [tabindex]:not([tabindex="-1"])';

/** The parts matched by their element and classes when drawn again (not any element with a common class). */
const PARTS = ['SECTION', 'UL', 'OL', 'FORM'];

/** Whether `el` can take focus now. */
const focusable = (el: Element | null): el is HTMLElement => !!el && el.isConnected && el instanceof HTMLElement && el.matches(CONTROLS);

/** Starts keeping focus within `root` (the page's root element); returns the stop. */
export function keepFocus(root: HTMLElement): () => void {
  let last: HTMLElement | null = null;
  let ancestors: HTMLElement[] = [];
  /** The list row of the focused control. */
  let row: HTMLElement | null = null;
  const onFocusIn = (e: FocusEvent) => {
    if (!(e.target instanceof HTMLElement) || !root.contains(e.target)) return;
    last = e.target;
    ancestors = [];
    for (let p = e.target.parentElement; p && p !== root.parentElement; p = p.parentElement) ancestors.push(p);
    const li = e.target.closest('li');
    row = li && root.contains(li) ? li : null;
  };
  // Focus the user moved away (a click elsewhere, another window) is theirs: nothing to keep. Told
  // after the event's task: Chrome tells of a control's removal before it leaves the page, and
  // the keeper (a MutationObserver, run before that) has put the focus back by then.
  const onFocusOut = (e: FocusEvent) => {
    const left = e.target;
    setTimeout(() => {
      if (last && left === last && last.isConnected && !(last as HTMLButtonElement).disabled && lost()) last = null;
    }, 0);
  };
  const lost = () => !document.activeElement || document.activeElement === document.body;
  /**
   * A part of the page as it is now: itself, or the one drawn in its place (same id, or same
   * element and classes within the closest part still on the page, `scope`).
   */
  const now = (part: HTMLElement, scope: ParentNode): Element | null => {
    if (part.isConnected) return part;
    if (part.id) return document.getElementById(part.id);
    const classes = [...part.classList].map((c) => `.${CSS.escape(c)}`).join('');
    return classes && PARTS.includes(part.tagName) ? scope.querySelector(`${part.tagName.toLowerCase()}${classes}`) : null;
  };
  /**
   * The row now in the place of the focused control's row, when these changes took that row out of
   * its list: the one after it, or before it when it was the last.
   */
  const rowInPlace = (changes: MutationRecord[]): HTMLElement | null => {
    if (!row || row.isConnected) return null;
    const removal = changes.find((c) => [...c.removedNodes].includes(row!));
    const next = [removal?.nextSibling, removal?.previousSibling].find((n): n is HTMLElement => n instanceof HTMLElement && n.isConnected);
    return next?.querySelector<HTMLElement>(CONTROLS) ?? null;
  };
  /**
   * The first control of the closest part still on the page (or drawn again in its place); a
   * section left without one gives it to its heading (the next Tab goes on from there).
   */
  const nearest = (): HTMLElement | null => {
    for (const [i, a] of ancestors.entries()) {
      const part = now(a, ancestors.slice(i + 1).find((p) => p.isConnected) ?? root);
      const control = part?.querySelector<HTMLElement>(CONTROLS);
      if (control) return control;
      const heading = part?.tagName === 'SECTION' ? part.querySelector<HTMLElement>('h1, h2, h3, h4, h5, h6') : null;
      if (heading) {
        heading.tabIndex = -1;
        return heading;
      }
    }
    return null;
  };
  const rescue = (changes: MutationRecord[]) => {
    if (!last || !lost()) return;
    const place =
      (focusable(last) ? last : null) ?? (last.id ? document.getElementById(last.id) : null) ?? rowInPlace(changes) ?? nearest();
    // A control that is disabled for a moment (busy) is waited for: the next change brings it back.
    if (place instanceof HTMLElement && (place.getAttribute('tabindex') === '-1' || focusable(place))) place.focus();
    else if (last.isConnected) return;
    else last = null;
  };
  const observer = new MutationObserver(rescue);
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('focusout', onFocusOut);
  return () => {
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('focusout', onFocusOut);
  };
}
