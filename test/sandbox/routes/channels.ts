/** Channel routes: list channels, list a channel's items, add, assign an item, update, delete. */
import { HttpError } from '../http';
import {
  CHANNEL_ITEM_TYPES,
  dateOnly,
  type AccountData,
  type ChannelItemRecord,
  type ChannelRecord,
  type ChannelItemType,
  type SandboxState,
} from '../state';
import { optionalBoolean, optionalHexColor, optionalString, pathId, requiredString } from '../validate';
import { findOr404, listReply, newestFirst, ok, route, withExtra, type Route } from './router';

/** A channel as the API serves it. */
export function channelJson(c: ChannelRecord): Record<string, unknown> {
  return withExtra({ id: c.id, name: c.name, description: c.description, color: c.color, starred: c.starred }, c.extra);
}

/** A channel item `{type, id, title, preview, link, date}`, or undefined if its target is gone. */
function itemJson(state: SandboxState, data: AccountData, item: ChannelItemRecord): Record<string, unknown> | undefined {
  const json = (title: string, preview: string, link: string): Record<string, unknown> => ({
    type: item.type,
    id: item.item_id,
    title,
    preview,
    link,
    date: item.date,
  });
  switch (item.type) {
    case 'links': {
      const l = data.links.find((x) => x.id === item.item_id && !x.deleted);
      return l && json(l.url, l.url, l.short_url);
    }
    case 'qr': {
      const q = data.qrs.find((x) => x.id === item.item_id);
      return q && json(q.name, q.link, q.link);
    }
    case 'bio': {
      const b = data.bios.find((x) => x.id === item.item_id);
      if (!b) return undefined;
      const url = `${state.baseUrl}/bio/${b.slug}`;
      return json(b.name, url, url);
    }
  }
}

/** True when `id` names an existing item of `type` in the account. */
function itemExists(data: AccountData, type: ChannelItemType, id: number): boolean {
  if (type === 'links') return data.links.some((l) => l.id === id && !l.deleted);
  if (type === 'qr') return data.qrs.some((q) => q.id === id);
  return data.bios.some((b) => b.id === id);
}

/** Removes every assignment of an item (used when links or QR codes are deleted). */
export function unassignEverywhere(data: AccountData, type: ChannelItemType, id: number): void {
  data.channelItems = data.channelItems.filter((i) => !(i.type === type && i.item_id === id));
}

/**
 * Channel routes. Items of a channel are listed in assignment order, newest first; assigning
 * an item twice is accepted and changes nothing. Deleting a channel unassigns its items.
 */
export const channelRoutes: Route[] = [
  route('GET', '/api/channels', ({ data, query }) => listReply(newestFirst(data.channels).map(channelJson), query, 'channels')),
  route('GET', '/api/channel/:id', ({ data, state, params, query }) => {
    const c = findOr404(data.channels, pathId(params.id, 'Channel'), 'Channel');
    const items = data.channelItems
      .filter((i) => i.channel_id === c.id)
      .reverse()
      .map((i) => itemJson(state, data, i))
      .filter((x) => x !== undefined);
    return listReply(items, query, 'items');
  }),
  route('POST', '/api/channel/add', ({ data, state, body }) => {
    const c: ChannelRecord = {
      id: 0,
      name: requiredString(body, 'name'),
      description: optionalString(body, 'description') ?? '',
      color: optionalHexColor(body, 'color') ?? '#000000',
      starred: optionalBoolean(body, 'starred') ?? false,
    };
    c.id = state.nextId('channel');
    data.channels.push(c);
    return { body: { error: 0, ...channelJson(c) } };
  }),
  route('POST', '/api/channel/:id/assign/:type/:itemid', ({ data, params }) => {
    const c = findOr404(data.channels, pathId(params.id, 'Channel'), 'Channel');
    const type = params.type as ChannelItemType;
    if (!CHANNEL_ITEM_TYPES.includes(type)) throw new HttpError(400, 'type must be one of links, bio, qr.');
    const what = type === 'links' ? 'Link' : type === 'qr' ? 'QR code' : 'Bio page';
    const itemId = pathId(params.itemid, what);
    if (!itemExists(data, type, itemId)) throw new HttpError(404, `${what} not found.`);
    const already = data.channelItems.some((i) => i.channel_id === c.id && i.type === type && i.item_id === itemId);
    if (!already) data.channelItems.push({ channel_id: c.id, type, item_id: itemId, date: dateOnly(new Date()) });
    return ok(already ? 'Item is already in this channel.' : 'Item has been assigned to the channel.');
  }),
  route('PUT', '/api/channel/:id/update', ({ data, params, body }) => {
    const c = findOr404(data.channels, pathId(params.id, 'Channel'), 'Channel');
    const name = optionalString(body, 'name', 255);
    if (name === '') throw new HttpError(400, 'name must not be empty.');
    const description = optionalString(body, 'description');
    const color = optionalHexColor(body, 'color');
    const starred = optionalBoolean(body, 'starred');
    if (name !== undefined) c.name = name;
    if (description !== undefined) c.description = description;
    if (color !== undefined) c.color = color;
    if (starred !== undefined) c.starred = starred;
    return ok('Channel has been updated successfully.');
  }),
  route('DELETE', '/api/channel/:id/delete', ({ data, params }) => {
    const c = findOr404(data.channels, pathId(params.id, 'Channel'), 'Channel');
    data.channels.splice(data.channels.indexOf(c), 1);
    data.channelItems = data.channelItems.filter((i) => i.channel_id !== c.id);
    return ok('Channel has been deleted successfully.');
  }),
];
