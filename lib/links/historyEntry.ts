/** A link made from this browser, as Recent links, the copy formats and the pages know it (lib/storage keeps a list of them). */

/** What happened to the campaign assignment of a new link (pending: the link is shown, the assignment still to come). */
export type CampaignOutcome =
  | { state: 'none' }
  | { state: 'assigned'; campaignId: number }
  | { state: 'failed'; campaignId: number; reason: string }
  | { state: 'pending'; campaignId: number };

/** What happened to the channel assignment of a new link. */
export type ChannelOutcome =
  | { state: 'none' }
  | { state: 'assigned'; channelId: number }
  | { state: 'failed'; channelId: number; reason: string }
  | { state: 'pending'; channelId: number };

/** A link made from this browser. */
export interface HistoryEntry {
  id: string; // local id
  longUrl: string;
  shortUrl: string;
  shortCode: string;
  linkId: number | null;
  domainId: number | null;
  campaign: CampaignOutcome;
  /** Absent in entries made before channels could be chosen. */
  channel?: ChannelOutcome;
  /** The page's title when the link was made from a tab (for the copy formats). */
  title?: string;
  createdAt: number;
  /** Service origin the link was made on. */
  service: string;
  /** Fingerprint of the account it was made with: history is shown per account. */
  account?: string;
}
