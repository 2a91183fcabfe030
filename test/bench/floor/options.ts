/**
 * The floor options page: every campaign in a list, then "<count> campaigns" in a status line
 * (what the bench's probe waits for). `options.html` asks the worker; `options.html?direct`
 * fetches from the service itself (the same page 1, then the rest at once), to separate the
 * worker's start from the network.
 */
import { wholeList } from './lists';
import { askWorker, drawn, phases } from './phases';

const direct = location.search.includes('direct');
const asked = direct ? wholeList('campaigns') : askWorker<unknown[]>('campaigns');

const list = document.createElement('ul');
const status = document.createElement('p');
status.setAttribute('role', 'status');
status.textContent = 'Loading…';
document.body.append(status, list);

void asked.then((campaigns) => {
  if (direct) phases.gotMs = performance.now();
  const items = campaigns.map((c) => {
    const li = document.createElement('li');
    li.textContent = (c as { name?: string }).name ?? '';
    return li;
  });
  list.append(...items);
  status.textContent = `${campaigns.length} campaigns`;
  drawn();
});
