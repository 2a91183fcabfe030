/**
 * The tracking parameters removed before a link is shortened: names and prefixes, all
 * lower case (matching is case-insensitive). Only parameters that carry nothing but
 * tracking on any site belong here: a site-specific name (`ref`, `si`, `source`) could be
 * what the page needs, and a wrong removal sends the reader to another page.
 */

/** Removed whatever follows the prefix (`utm_source`, `UTM_Medium`, `utm_anything`). */
export const TRACKING_PREFIXES: readonly string[] = ['utm_', 'mtm_', 'itm_', 'hsa_'];

/** Removed by exact name. */
export const TRACKING_NAMES: ReadonlySet<string> = new Set([
  // Google Ads, Analytics and Merchant
  'gclid',
  'gclsrc',
  'gbraid',
  'wbraid',
  'dclid',
  '_gl',
  'srsltid',
  // Microsoft, Yandex, Facebook, Instagram, Twitter/X, TikTok, LinkedIn, Reddit, Pinterest
  'msclkid',
  'yclid',
  'ysclid',
  'fbclid',
  'igshid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'rdt_cid',
  'epik',
  // Mailchimp, HubSpot, Marketo, Eloqua, Vero, Olytics
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  '__hssc',
  '__hstc',
  '__hsfp',
  'hsctatracking',
  'mkt_tok',
  'elqtrackid',
  'elqtrack',
  'elqaid',
  'elqat',
  'elqcampaignid',
  'vero_id',
  'vero_conv',
  'oly_enc_id',
  'oly_anon_id',
  // Matomo / Piwik campaign names
  'pk_campaign',
  'pk_cpn',
  'pk_source',
  'pk_medium',
  'pk_keyword',
  'pk_kwd',
  'pk_content',
  'pk_cid',
  'piwik_campaign',
  'piwik_kwd',
  'piwik_keyword',
]);

/** Whether a parameter name (already decoded) is a tracking parameter. */
export function isTrackingParam(name: string): boolean {
  const n = name.toLowerCase();
  return TRACKING_NAMES.has(n) || TRACKING_PREFIXES.some((p) => n.startsWith(p) && n.length > p.length);
}
