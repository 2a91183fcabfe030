import { ChannelForm, channelLabel } from './ChannelForm';
import { ChannelItems } from './ChannelItems';
import { ColorBadge } from './ColorBadge';
import { ListSection } from './ListSection';
import { t } from '@/lib/i18n';
import { channelName } from '@/lib/ui/choices';

/** Channels: every channel with its colour and star; create, edit, delete, and the items of each. */
export function ChannelsSection() {
  return (
    <ListSection
      name="channels"
      texts={{
        refresh: 'optionsRefreshChannels',
        one: 'optionsCountChannelOne',
        many: 'optionsCountChannelMany',
        empty: 'optionsNoChannels',
      }}
      item={{
        key: (c) => c.id,
        label: channelLabel,
        view: (channel) => (
          <>
            <div className="row">
              <strong className="name">{channelName(channel)}</strong>
              {channel.starred && (
                <span className="star" role="img" aria-label={t('optionsStarred')} title={t('optionsStarred')}>
                  ★
                </span>
              )}
              <ColorBadge color={channel.color} />
            </div>
            {channel.description && <p className="description">{channel.description}</p>}
          </>
        ),
        Form: ChannelForm,
        remove: (c) => ({ op: 'deleteChannel', args: [c.id] }),
        deletedNote: 'optionsDeletedChannel',
        deleteConsequence: 'optionsChannelDeleteNote',
        details: (c) => ({
          button: t('optionsChannelItems'),
          name: t('optionsChannelItemsOf', channelLabel(c)),
          render: () => <ChannelItems channel={c} />,
        }),
      }}
    />
  );
}
