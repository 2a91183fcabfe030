import type { ComponentType } from 'react';
import type { MessageKey } from '@/lib/i18n';
import { AccountSection } from './AccountSection';
import { CampaignsSection } from './CampaignsSection';
import { ChannelsSection } from './ChannelsSection';
import { ConnectionSection, type RequestPermission } from './ConnectionSection';
import { ConnectionsSection } from './ConnectionsSection';
import { DomainsSection } from './DomainsSection';
import { OverlaysSection, SplashSection } from './ReadOnlySections';
import { PixelsSection } from './PixelsSection';
import { PreferencesSection } from './PreferencesSection';
import { QrSection } from './QrSection';
import { SiteRulesSection } from './SiteRulesSection';
import { UtmPresetsSection } from './UtmPresetsSection';

/** One section of the options page: its anchor, its title (heading and navigation), and its body. */
export interface SectionDef {
  id: string;
  title: MessageKey;
  /** Shown only while an account is connected. */
  needsConnection: boolean;
  /** Shown only while at least one connection is saved. */
  needsSaved?: boolean;
  /** About every connection, not the current account's: kept as it is when another account becomes current. */
  acrossAccounts?: boolean;
  Body: ComponentType<{ requestPermission: RequestPermission }>;
}

/** The sections of the options page, in page order: the navigation and the page are both made from this table. */
export const SECTIONS: readonly SectionDef[] = [
  { id: 'connection', title: 'optionsConnectionTitle', needsConnection: false, acrossAccounts: true, Body: ConnectionSection },
  {
    id: 'connections',
    title: 'optionsConnectionsTitle',
    needsConnection: false,
    needsSaved: true,
    acrossAccounts: true,
    Body: ConnectionsSection,
  },
  { id: 'account', title: 'optionsAccountTitle', needsConnection: true, Body: AccountSection },
  { id: 'channels', title: 'optionsChannelsTitle', needsConnection: true, Body: ChannelsSection },
  { id: 'pixels', title: 'optionsPixelsTitle', needsConnection: true, Body: PixelsSection },
  { id: 'domains', title: 'optionsDomainsTitle', needsConnection: true, Body: DomainsSection },
  { id: 'campaigns', title: 'optionsCampaignsTitle', needsConnection: true, Body: CampaignsSection },
  { id: 'utm-presets', title: 'optionsUtmPresetsTitle', needsConnection: true, Body: UtmPresetsSection },
  { id: 'site-rules', title: 'optionsSiteRulesTitle', needsConnection: true, Body: SiteRulesSection },
  { id: 'qr-codes', title: 'optionsQrTitle', needsConnection: true, Body: QrSection },
  { id: 'cta-overlays', title: 'optionsOverlaysTitle', needsConnection: true, Body: OverlaysSection },
  { id: 'splash-pages', title: 'optionsSplashTitle', needsConnection: true, Body: SplashSection },
  { id: 'preferences', title: 'optionsPreferencesTitle', needsConnection: false, Body: PreferencesSection },
];

/** The sections shown: those that need an account only when connected, "Connections" only when one is saved. */
export function shownSections(connected: boolean, saved: boolean): readonly SectionDef[] {
  return SECTIONS.filter((s) => (connected || !s.needsConnection) && (saved || !s.needsSaved));
}
