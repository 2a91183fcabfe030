import type { CampaignOutcome, ChannelOutcome } from '@/lib/storage';
import { campaignFailedMessage } from '@/lib/ui/popup/text';
import { toPlainText } from '@/lib/api/plainText';
import { usePopup } from './PopupContext';
import { t } from '@/lib/i18n';

/** What happened to the campaign of a new link: being added, added, or why it could not be. */
export function CampaignNote({ outcome }: { outcome: CampaignOutcome }) {
  const campaigns = usePopup((s) => s.campaigns.value);
  if (outcome.state === 'none') return null;
  const name = campaigns.find((c) => c.id === outcome.campaignId)?.name || `#${outcome.campaignId}`;
  if (outcome.state === 'pending') return <p className="note">{t('popupCampaignAdding', name)}</p>;
  if (outcome.state === 'assigned') return <p className="note ok">{t('popupCampaignAdded', name)}</p>;
  return <p className="note warn">{campaignFailedMessage(outcome.reason)}</p>;
}

/** What happened to the channel of a new link: added, or why it could not be. */
export function ChannelNote({ outcome }: { outcome: ChannelOutcome }) {
  const channels = usePopup((s) => s.channels.value);
  if (outcome.state === 'none') return null;
  const name = channels.find((c) => c.id === outcome.channelId)?.name || `#${outcome.channelId}`;
  if (outcome.state === 'pending') return <p className="note">{t('popupChannelAdding', name)}</p>;
  if (outcome.state === 'assigned') return <p className="note ok">{t('popupChannelAdded', name)}</p>;
  return <p className="note warn">{t('popupChannelFailed', toPlainText(outcome.reason) || t('popupCampaignNoReason'))}</p>;
}
