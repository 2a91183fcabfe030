/**
 * The floor popup: as its script starts it asks the worker for the three lists, draws the form
 * (the same ids and structure the bench's readiness probe looks for: #domain, #campaign,
 * #channel, and the Shorten button of form.shorten-form), then fills the three selects at once;
 * once they are filled (the form ready) it loads Recent links (recent.ts).
 */
import { askWorker, drawn } from './phases';

interface Named {
  id: unknown;
  name?: string;
  domain?: string;
}

const asked = askWorker<{ domains: Named[]; campaigns: Named[]; channels: Named[] }>('lists');

const form = document.createElement('form');
form.className = 'shorten-form';
const select = (id: string, label: string) => {
  const l = document.createElement('label');
  l.textContent = label;
  const s = document.createElement('select');
  s.id = id;
  s.add(new Option('None', ''));
  l.append(s);
  form.append(l);
  return s;
};
const domain = select('domain', 'Domain');
const campaign = select('campaign', 'Campaign');
const channel = select('channel', 'Channel');
const button = document.createElement('button');
button.type = 'submit';
button.textContent = 'Shorten';
form.append(button);
document.body.append(form);

const fill = (s: HTMLSelectElement, items: Named[]) => {
  for (const it of items) s.add(new Option(it.name ?? it.domain ?? String(it.id), String(it.id)));
};
void asked.then((lists) => {
  // Only domains with a positive whole-number id can be chosen (as in the project's popup).
  fill(
    domain,
    lists.domains.filter((d) => typeof d.id === 'number' && Number.isInteger(d.id) && d.id > 0),
  );
  fill(campaign, lists.campaigns);
  fill(channel, lists.channels);
  drawn();
  // The form is ready now (as the project's popup is at its first render, from its cache): Recent
  // links come in the next task, from a chunk of their own (as the project's popup's).
  setTimeout(() => void import('./recent').then((m) => m.drawRecent()), 0);
});
