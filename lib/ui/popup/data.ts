/** Rules about the popup's data, shared by its slices and components (pure functions). */
import type { Account, SerializedApiError } from '@/lib/api';

/** Whether the account may choose a custom alias. */
export function isPro(account: Account | null): boolean {
  return !!account && account.status.trim().toLowerCase() === 'pro';
}

/** The popup control a failure is about (by the error's `field`), if any. */
export function fieldOf(err: SerializedApiError | null): 'url' | 'alias' | 'domain' | 'campaign' | null {
  switch (err?.field) {
    case 'url':
      return 'url';
    case 'custom_code':
    case 'customCode':
      return 'alias';
    case 'domain_id':
    case 'domainId':
      return 'domain';
    case 'campaignId':
      return 'campaign';
    default:
      return null;
  }
}
