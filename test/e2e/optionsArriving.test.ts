/**
 * A long list first loaded on the options page, in Chromium against the sandbox: 1,000
 * campaigns, 100 a page, the pages after the first held at the service. The page shows the first
 * page's campaigns at once ("Loading… 100 of 1,000", 50 of them listed), and the whole list once
 * the other pages come; the popup's lists are not touched by it.
 */
import { describe, expect, it } from 'vitest';
import { openOptions, screenshot, OUTCOME_MS } from './harness';
import { withExtension } from './fixture';

const POLL = { timeout: OUTCOME_MS };
const TOTAL = 1000;

describe('a long list arriving', () => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const ext = withExtension({
    sandbox: { mainLimit: 100_000 },
    beforeLaunch: (sandbox) => {
      const campaigns = sandbox.state.forKey(sandbox.key).campaigns;
      const first = Math.max(0, ...campaigns.map((c) => c.id)) + 1;
      for (let i = campaigns.length; i < TOTAL; i++) campaigns.push({ ...campaigns[0]!, id: first + i, name: `Arriving campaign ${i}` });
      // Every page of the campaigns but the first waits until the test lets it go.
      sandbox.faults.push({ path: /^\/api\/campaigns$/, query: /(^|&)page=([2-9]|10)(&|$)/, until: held, times: 9 });
    },
  });

  it('shows the first page at once, then the whole list', async () => {
    const page = await openOptions(ext.h);
    const campaigns = page.getByRole('region', { name: 'Campaigns', exact: true });
    await campaigns.getByText('Loading… 100 of 1,000', { exact: true }).waitFor(POLL);
    expect(await campaigns.getByRole('list', { name: 'Campaigns', exact: true }).locator(':scope > li').count()).toBe(50);
    await campaigns.scrollIntoViewIfNeeded();
    await screenshot(page, 'options-list-arriving');
    // The pages after the first were all asked for; none has been answered.
    const asked = ext.sb.log.filter((r) => r.path === '/api/campaigns').map((r) => new URLSearchParams(r.query).get('page'));
    expect(asked).toContain('1');
    release();
    await expect.poll(() => campaigns.getByText(/^1,000 campaigns/).count(), POLL).toBe(1);
    expect(await campaigns.getByText('Showing 1–50 of 1,000').count()).toBe(1);
    expect(ext.errors.of('options.html')).toEqual([]);
  });
});
