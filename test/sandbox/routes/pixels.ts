/** Pixel routes: list, add, update, delete. */
import { HttpError } from '../http';
import { PIXEL_TYPES, timestamp, type PixelRecord, type PixelType } from '../state';
import { optionalString, pathId, requiredString } from '../validate';
import { findOr404, listReply, newestFirst, ok, route, withExtra, type Route } from './router';

/** A pixel as the API serves it. */
export function pixelJson(p: PixelRecord): Record<string, unknown> {
  return withExtra({ id: p.id, type: p.type, name: p.name, tag: p.tag, date: p.date }, p.extra);
}

/**
 * Pixel routes: `type` must be one of the 13 PIXEL_TYPES (a real deployment refuses any other
 * with its own sentence); `tag` has no spaces, quotes or < >.
 */
export const pixelRoutes: Route[] = [
  route('GET', '/api/pixels', ({ data, query }) => listReply(newestFirst(data.pixels).map(pixelJson), query, 'pixels')),
  route('POST', '/api/pixel/add', ({ data, state, body, realDeployment }) => {
    const type = requiredString(body, 'type', 32);
    if (!PIXEL_TYPES.includes(type as PixelType))
      throw new HttpError(
        400,
        realDeployment ? 'Pixel provider is currently not supported.' : `type must be one of: ${PIXEL_TYPES.join(', ')}.`,
      );
    const name = requiredString(body, 'name');
    const tag = readTag(body);
    const id = state.nextId('pixel');
    data.pixels.push({ id, type, name, tag, date: timestamp(new Date()) });
    return { body: { error: 0, id } };
  }),
  route('PUT', '/api/pixel/:id/update', ({ data, params, body }) => {
    const p = findOr404(data.pixels, pathId(params.id, 'Pixel'), 'Pixel');
    const name = optionalString(body, 'name', 255);
    const tag = readTag(body);
    if (name) p.name = name;
    p.tag = tag;
    return ok('Pixel has been updated successfully.');
  }),
  route('DELETE', '/api/pixel/:id/delete', ({ data, params }) => {
    const p = findOr404(data.pixels, pathId(params.id, 'Pixel'), 'Pixel');
    data.pixels.splice(data.pixels.indexOf(p), 1);
    return ok('Pixel has been deleted successfully.');
  }),
];

function readTag(body: Record<string, unknown>): string {
  const tag = requiredString(body, 'tag');
  if (!/^[^<>"'`\s]+$/.test(tag)) throw new HttpError(400, 'tag must not contain spaces, quotes or < >.');
  return tag;
}
