import { useEffect } from 'react';
import { AccountSection } from '@/components/options/AccountSection';
import { CampaignsSection } from '@/components/options/CampaignsSection';
import { ChannelsSection } from '@/components/options/ChannelsSection';
import { ConnectionSection } from '@/components/options/ConnectionSection';
import { DomainsSection } from '@/components/options/DomainsSection';
import { OverlaysSection } from '@/components/options/OverlaysSection';
import { PixelsSection } from '@/components/options/PixelsSection';
import { PreferencesSection } from '@/components/options/PreferencesSection';
import { QrSection } from '@/components/options/QrSection';
import { SplashSection } from '@/components/options/SplashSection';
import type { Mutation } from '@/lib/messaging';
import { requestHostPermission } from '@/lib/ui/optionsPermissions';
import { useOptionsStore, type Touched } from '@/lib/ui/optionsStore';
import { errorSentence } from '@/lib/errorText';
import { t, type MessageKey } from '@/lib/i18n';

const SECTIONS_CONNECTED = [
  ['connection', 'optionsConnectionTitle'],
  ['account', 'optionsAccountTitle'],
  ['channels', 'optionsChannelsTitle'],
  ['pixels', 'optionsPixelsTitle'],
  ['domains', 'optionsDomainsTitle'],
  ['campaigns', 'optionsCampaignsTitle'],
  ['qr-codes', 'optionsQrTitle'],
  ['cta-overlays', 'optionsOverlaysTitle'],
  ['splash-pages', 'optionsSplashTitle'],
  ['preferences', 'optionsPreferencesTitle'],
] as const satisfies readonly (readonly [string, MessageKey])[];
const SECTIONS_DISCONNECTED = SECTIONS_CONNECTED.filter(([id]) => id === 'connection' || id === 'preferences');

/** The options page: connection first, then the account's resources (when connected) and the preferences. */
export default function App({ requestPermission = requestHostPermission }: { requestPermission?: (origin: string) => Promise<boolean> }) {
  const s = useOptionsStore();
  const start = useOptionsStore((st) => st.start);
  useEffect(() => {
    void start();
  }, [start]);

  const connected = !!s.connection?.connected;
  const mutateOn = (touched: Touched) => (m: Mutation) => s.mutate(m, touched);
  const sections = connected ? SECTIONS_CONNECTED : SECTIONS_DISCONNECTED;

  return (
    <div className="options-layout">
      <nav className="options-nav" aria-label={t('optionsNavLabel')}>
        <ul>
          {sections.map(([id, title]) => (
            <li key={id}>
              <a href={`#${id}`}>{t(title)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="options-main">
        <h1>{t('optionsPageTitle')}</h1>
        {!s.ready ? (
          <p className="muted">{t('commonLoading')}</p>
        ) : (
          <>
            {s.startError && <p role="alert">{errorSentence(s.startError, 'options')}</p>}
            <ConnectionSection
              connection={s.connection}
              account={s.account.value}
              accountError={s.account.error}
              requestPermission={requestPermission}
              onSave={s.saveConnection}
              onForget={s.forgetKey}
            />
            {connected ? (
              <>
                <AccountSection account={s.account} onRefresh={() => void s.loadAccount(true)} onMutate={mutateOn('account')} />
                <ChannelsSection
                  list={s.lists.channels}
                  onRefresh={() => void s.loadList('channels', true)}
                  onMutate={mutateOn('channels')}
                  loadItems={s.channelItems}
                />
                <PixelsSection list={s.lists.pixels} onRefresh={() => void s.loadList('pixels', true)} onMutate={mutateOn('pixels')} />
                <DomainsSection list={s.lists.domains} onRefresh={() => void s.loadList('domains', true)} onMutate={mutateOn('domains')} />
                <CampaignsSection
                  list={s.lists.campaigns}
                  onRefresh={() => void s.loadList('campaigns', true)}
                  onMutate={mutateOn('campaigns')}
                />
                <QrSection
                  list={s.lists.qrs}
                  onRefresh={() => void s.loadList('qrs', true)}
                  onMutate={mutateOn('qrs')}
                  loadDetail={s.qrDetail}
                />
                <OverlaysSection list={s.lists.overlays} onRefresh={() => void s.loadList('overlays', true)} />
                <SplashSection list={s.lists.splash} onRefresh={() => void s.loadList('splash', true)} />
              </>
            ) : (
              <p className="hint">{t('optionsNotConnectedHint')}</p>
            )}
            <PreferencesSection
              settings={s.settings}
              settingsError={s.settingsError}
              connected={connected}
              domains={connected ? s.lists.domains.items : null}
              campaigns={connected ? s.lists.campaigns.items : null}
              onSave={s.saveSettings}
              onClearHistory={s.clearHistory}
              onClearCache={s.clearCache}
            />
          </>
        )}
      </main>
    </div>
  );
}
