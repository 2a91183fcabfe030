/** Campaign routes: list, add, assign a link, update, delete. */
import { HttpError, type Reply } from '../http';
import type { CampaignRecord, SandboxState } from '../state';
import { optionalBoolean, optionalString, pathId, requiredString } from '../validate';
import { findOr404, listReply, newestFirst, ok, route, withExtra, type Route } from './router';

const SLUG = /^[A-Za-z0-9_-]{1,64}$/;

/** A campaign in the list (the name under `nameKey`: one seeded item uses `domain`). */
export function campaignJson(state: SandboxState, c: CampaignRecord): Record<string, unknown> {
  return withExtra({ id: c.id, [c.nameKey]: c.name, public: c.public, rotator: state.rotatorOf(c), list: state.listUrlOf(c) }, c.extra);
}

/** The create/update answer: the name under `domain`. */
function savedReply(state: SandboxState, c: CampaignRecord): Reply {
  return { body: { error: 0, id: c.id, domain: c.name, public: c.public, rotator: state.rotatorOf(c), list: state.listUrlOf(c) } };
}

/** Reads `slug` ('' clears it); slugs are unique across all accounts (they form /r/<slug>). */
function readSlug(state: SandboxState, body: Record<string, unknown>, self?: CampaignRecord): string | null | undefined {
  const slug = optionalString(body, 'slug', 64);
  if (slug === undefined || slug === '') return slug === '' ? null : undefined;
  if (!SLUG.test(slug)) throw new HttpError(400, 'slug may contain only letters, digits, - and _.');
  const owner = state.findCampaignBySlug(slug);
  if (owner && owner.campaign !== self) throw new HttpError(400, 'This slug is already taken.');
  return slug;
}

/** Campaign routes. Add: name optional (default "Campaign <id>"), public default false. */
export const campaignRoutes: Route[] = [
  route('GET', '/api/campaigns', ({ data, state, query }) =>
    listReply(
      newestFirst(data.campaigns).map((c) => campaignJson(state, c)),
      query,
      'campaigns',
    ),
  ),
  route('POST', '/api/campaign/add', ({ data, state, body, realDeployment }) => {
    const name = optionalString(body, 'name', 255);
    // Real deployments refuse a campaign without a name.
    if (realDeployment && !name) throw new HttpError(400, 'Campaign name cannot be empty.');
    const slug = readSlug(state, body);
    const isPublic = optionalBoolean(body, 'public') ?? false;
    const id = state.nextId('campaign');
    const c: CampaignRecord = { id, name: name || `Campaign ${id}`, slug: slug ?? null, public: isPublic, nameKey: 'name' };
    data.campaigns.push(c);
    return savedReply(state, c);
  }),
  route('POST', '/api/campaign/:cid/assign/:linkid', ({ data, params }) => {
    const c = findOr404(data.campaigns, pathId(params.cid, 'Campaign'), 'Campaign');
    const linkId = pathId(params.linkid, 'Link');
    const link = data.links.find((l) => l.id === linkId && !l.deleted);
    if (!link) throw new HttpError(404, 'Link not found.');
    link.campaign_id = c.id;
    return ok('Link has been assigned to the campaign.');
  }),
  route('PUT', '/api/campaign/:id/update', ({ data, state, params, body }) => {
    const c = findOr404(data.campaigns, pathId(params.id, 'Campaign'), 'Campaign');
    const name = requiredString(body, 'name');
    const slug = readSlug(state, body, c);
    const isPublic = optionalBoolean(body, 'public');
    c.name = name;
    if (slug !== undefined) c.slug = slug;
    if (isPublic !== undefined) c.public = isPublic;
    return savedReply(state, c);
  }),
  route('DELETE', '/api/campaign/:id/delete', ({ data, params }) => {
    const c = findOr404(data.campaigns, pathId(params.id, 'Campaign'), 'Campaign');
    data.campaigns.splice(data.campaigns.indexOf(c), 1);
    for (const l of data.links) if (l.campaign_id === c.id) l.campaign_id = null;
    return ok('Campaign has been deleted successfully.');
  }),
];
