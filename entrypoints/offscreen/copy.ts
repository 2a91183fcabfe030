/**
 * Copies text inside a document that has no focus (Chrome's offscreen document):
 * navigator.clipboard needs a focused document, so the older execCommand('copy') on a
 * selected textarea is used (Chrome's documented way for the CLIPBOARD reason).
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
