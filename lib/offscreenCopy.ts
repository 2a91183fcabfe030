/**
 * Copies text inside a document that has no focus (Chrome's offscreen document):
 * navigator.clipboard needs a focused document, so the older execCommand('copy') on a
 * selected textarea is used (https://developer.chrome.com/docs/extensions/reference/api/offscreen#example-clipboard).
 */
export function copyInDocument(doc: Document, text: string): boolean {
  const area = doc.createElement('textarea');
  area.value = text;
  doc.body.appendChild(area);
  area.select();
  try {
    return doc.execCommand('copy');
  } finally {
    area.remove();
  }
}
