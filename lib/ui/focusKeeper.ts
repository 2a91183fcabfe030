/**
 * Keeps the keyboard's place when the element that had focus goes away under it (a confirmed
 * delete removes its row, "Cancel this link" its button, a switch disables the select while it
 * works): focus then falls to the page's body and the next Tab starts from the top. The keeper
 * puts it back on the same element once it can take it again, on an element drawn in its place
 * (the same id), or else on the first control of the closest part still on the page.
 */

const CONTROLS = 'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled), a[href], [tabindex]:not([tabindex="-1"])';

/** Whether `el` can take focus now. */
const focusable = (el: Element | null): el is HTMLElement => !!el && el.isConnected && el instanceof HTMLElement && el.matches(CONTROLS);

/** Starts keeping focus within `root` (the page's root element); returns the stop. */
export function keepFocus(root: HTMLElement): () => void {
  let last: HTMLElement | null = null;
  let ancestors: HTMLElement[] = [];
  const onFocusIn = (e: FocusEvent) => {
    if (!(e.target instanceof HTMLElement) || !root.contains(e.target)) return;
    last = e.target;
    ancestors = [];
    for (let p = e.target.parentElement; p && p !== root.parentElement; p = p.parentElement) ancestors.push(p);
  };
  // Focus the user moved away (a click elsewhere, another window) is theirs: nothing to keep.
  const onFocusOut = (e: FocusEvent) => {
    if (last && e.target === last && last.isConnected && !(last as HTMLButtonElement).disabled) last = null;
  };
  const lost = () => !document.activeElement || document.activeElement === document.body;
  /** The first control of the closest part still on the page. */
  const nearest = (): HTMLElement | null => {
    for (const a of ancestors) {
      if (!a.isConnected) continue;
      const control = a.querySelector<HTMLElement>(CONTROLS);
      if (control) return control;
    }
    return null;
  };
  const rescue = () => {
    if (!last || !lost()) return;
    const place = (focusable(last) ? last : null) ?? (last.id ? document.getElementById(last.id) : null) ?? nearest();
    // A control that is disabled for a moment (busy) is waited for: the next change brings it back.
    if (focusable(place)) place.focus();
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
