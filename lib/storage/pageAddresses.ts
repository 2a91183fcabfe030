/**
 * The address a QR page opened for a private tab encodes: kept in storage.session (memory only,
 * never written to disk, gone when the browser closes) under an opaque id, so that the page's
 * address and title (a normal window's history, session restore) never hold it.
 */
import { storage } from '#imports';

const OPAQUE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const keyOf = (id: string) => `session:qrPage:${id}` as const;

/** Keeps a private tab's address for the QR page; the page is opened with the id returned. */
export async function keepPageAddress(url: string): Promise<string> {
  const id = crypto.randomUUID();
  await storage.setItem(keyOf(id), url);
  return id;
}

/** The address kept under `id` (null: none, or gone with the browser's session). */
export async function pageAddress(id: string): Promise<string | null> {
  if (!OPAQUE_ID.test(id)) return null;
  return (await storage.getItem<string>(keyOf(id))) ?? null;
}
