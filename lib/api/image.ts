/**
 * The image of a QR code the service made (its `link`), read by the worker so that a page can
 * copy and download it without a request of its own. Only http(s), only images, at most 2 MB,
 * only at the service's own origin and never through a redirect: the worker holds the loopback
 * permission, so a hostile service naming another address could make it read this machine's pages.
 */
import { ApiError } from './errors';
import { safeHttpUrl } from './safeUrl';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml', 'image/gif', 'image/webp'];

/** An image as a data: URL with its type. */
export interface FetchedImage {
  type: string;
  dataUrl: string;
}

/** Reads the image at `url`, which must be at `origin`, the service's own (the key is never sent: the link is public). */
export async function fetchImage(fetchFn: typeof fetch, url: string, origin: string, timeoutMs = 15_000): Promise<FetchedImage> {
  const safe = safeHttpUrl(url);
  if (!safe) throw new ApiError({ kind: 'invalid-input', field: 'link', message: 'link must be an http(s) address' });
  const at = new URL(safe).origin;
  if (at !== origin)
    throw new ApiError({
      kind: 'invalid-input',
      field: 'link',
      reason: 'image-elsewhere',
      detail: at,
      message: `The image is at ${at}, not at the service's ${origin}.`,
    });
  let res: Response;
  try {
    res = await fetchFn(safe, { credentials: 'omit', redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    const timeout = e instanceof DOMException && e.name === 'TimeoutError';
    throw new ApiError({ kind: timeout ? 'timeout' : 'network', message: `The image could not be read: ${String(e)}` });
  }
  if (res.status === 404) throw new ApiError({ kind: 'not-found', status: 404, message: 'The image is gone.' });
  if (!res.ok)
    throw new ApiError({
      kind: res.status >= 500 ? 'server' : 'invalid-request',
      status: res.status,
      message: `The image answered ${res.status}.`,
    });
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (!IMAGE_TYPES.includes(type) || bytes.length > MAX_IMAGE_BYTES)
    throw new ApiError({ kind: 'unreadable', message: `Not an image of at most 2 MB: ${type}` });
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { type, dataUrl: `data:${type};base64,${btoa(binary)}` };
}
