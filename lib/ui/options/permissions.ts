/**
 * The one browser API the options page calls itself: asking for host permission to a
 * service origin. It must run inside the user's click (the browser requires a gesture).
 */
import { browser } from 'wxt/browser';
import { permissionPattern } from '@/lib/links/serviceUrl';

/** Asks the browser for access to `origin` (e.g. https://links.example.com); true when granted. */
export function requestHostPermission(origin: string): Promise<boolean> {
  return browser.permissions.request({ origins: [permissionPattern(origin)] });
}
