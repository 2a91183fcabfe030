import { useEffect, useState } from 'react';
import type { QrDetail } from '@/lib/api';
import { errorSentence } from '@/lib/i18n/errorText';
import { BarChart } from './BarChart';
import { valueWord } from '@/lib/ui/options/valueWords';
import { t } from '@/lib/i18n';

/** The statistics of one QR code: scans, unique scans and bar charts of where they came from (or that none are available). */
export function QrStats({ id, scans, load }: { id: number; scans: number; load: (id: number) => Promise<QrDetail> }) {
  const [detail, setDetail] = useState<QrDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    load(id)
      .then((d) => live && setDetail(d))
      .catch((err: unknown) => live && setError(errorSentence(err, 'options')))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id, load]);

  if (loading && !detail) return <p className="muted">{t('commonLoading')}</p>;
  if (error) return <p role="alert">{error}</p>;
  if (!detail) return null;
  const s = detail.stats;
  const nothing =
    s.clicks === 0 &&
    s.uniqueClicks === 0 &&
    [s.topCountries, s.topReferrers, s.topBrowsers, s.topOs, s.socialCount].every((m) => Object.values(m).every((v) => !v));
  // No figures from the service (or none while the list counts scans): not available, not "no scans".
  if (detail.statsEmpty || (nothing && scans > 0)) return <p>{t('optionsQrStatsUnavailable')}</p>;
  if (nothing) return <p>{t('optionsQrNoScans')}</p>;
  return (
    <div className="stats">
      <dl className="facts">
        <dt>{t('optionsStatClicks')}</dt>
        <dd>{s.clicks}</dd>
        <dt>{t('optionsStatUniqueClicks')}</dt>
        <dd>{s.uniqueClicks}</dd>
      </dl>
      <div className="charts">
        <BarChart title={t('optionsTopCountries')} data={s.topCountries} />
        <BarChart title={t('optionsTopReferrers')} data={s.topReferrers} />
        <BarChart title={t('optionsTopBrowsers')} data={s.topBrowsers} />
        <BarChart title={t('optionsTopOs')} data={s.topOs} />
        <BarChart
          title={t('optionsSocial')}
          data={Object.fromEntries(Object.entries(s.socialCount).map(([k, v]) => [valueWord('social', k), v]))}
        />
      </div>
    </div>
  );
}
