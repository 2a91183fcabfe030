/** Gives a page its stylesheet from its script (the popup: see entrypoints/popup/main.tsx). */

/** Adds `css` to the page as a <style> element at the end of <head>. */
export function addStyles(css: string): void {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
}
