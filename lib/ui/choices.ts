/** The Domain, Campaign and Channel choices of every page (popup, options, bulk): one rule each. */
import type { Domain } from '../api';

/** Whether a domain can be sent as `domain_id`: shared domains come with a null id, and only a positive whole number is an id. */
export function isSendableDomain(d: Domain): d is Domain & { id: number } {
  return typeof d.id === 'number' && Number.isInteger(d.id) && d.id > 0;
}

/** The domains a user can choose (those that can be sent as `domain_id`). */
export function sendableDomains(domains: readonly Domain[]): (Domain & { id: number })[] {
  return domains.filter(isSendableDomain);
}

/** A select's value as an id: '' (none) and anything that is not a positive whole number are null. */
export function toId(v: string): number | null {
  return /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null;
}
