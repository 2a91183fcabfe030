import { useEffect, useState } from 'react';
import type { QrDetail } from '@/lib/api';
import { errorText } from '@/lib/ui/optionsText';
import { BarChart } from './BarChart';

/** The statistics of one QR code: clicks, unique clicks and bar charts of where the scans came from. */
export function QrStats({ id, load }: { id: number; load: (id: number) => Promise<QrDetail> }) {
  const [detail, setDetail] = useState<QrDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    load(id)
      .then((d) => live && setDetail(d))
      .catch((err: unknown) => live && setError(errorText(err)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id, load]);

  if (loading && !detail) return <p className="muted">Loading…</p>;
  if (error) return <p role="alert">{error}</p>;
  if (!detail) return null;
  const s = detail.stats;
  const nothing =
    detail.statsEmpty ||
    (s.clicks === 0 &&
      s.uniqueClicks === 0 &&
      [s.topCountries, s.topReferrers, s.topBrowsers, s.topOs, s.socialCount].every((m) => Object.values(m).every((v) => !v)));
  if (nothing) return <p>No scans yet</p>;
  return (
    <div className="stats">
      <dl className="facts">
        <dt>Clicks</dt>
        <dd>{s.clicks}</dd>
        <dt>Unique clicks</dt>
        <dd>{s.uniqueClicks}</dd>
      </dl>
      <div className="charts">
        <BarChart title="Top countries" data={s.topCountries} />
        <BarChart title="Top referrers" data={s.topReferrers} />
        <BarChart title="Top browsers" data={s.topBrowsers} />
        <BarChart title="Top operating systems" data={s.topOs} />
        <BarChart title="Social" data={s.socialCount} />
      </div>
    </div>
  );
}
