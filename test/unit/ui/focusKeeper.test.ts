// The keyboard keeps its place when the focused control goes away under it.
import { afterEach, describe, expect, it } from 'vitest';
import { keepFocus } from '@/lib/ui/focusKeeper';

let stop = () => {};
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

/** A page root (default: Recent links with a search box and two rows, and a form), kept. */
function page(
  html = `
      <form><input id="long-url"><select id="account"><option>A</option></select><button id="cancel" type="button">Cancel this link</button></form>
      <section id="recent"><input id="recent-search" type="search"><ul><li id="row1"><button id="yes1">Yes</button></li><li id="row2"><button id="copy2">Copy</button></li></ul></section>`,
) {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  stop = keepFocus(document.getElementById('root')!);
  return (id: string) => document.getElementById(id)!;
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('focus kept', () => {
  it('a row deleted under the focus: the first control of the closest part left (the list: the next row’s)', async () => {
    const el = page();
    el('yes1').focus();
    el('row1').remove();
    await settle();
    expect(document.activeElement).toBe(el('copy2'));
  });

  it('a middle row cancelled: the first control of the row now in its place, not the first row’s', async () => {
    const el = page(
      `<section><h2>Links waiting</h2><ul>${[1, 2, 3]
        .map((i) => `<li id="w${i}"><span>https://example.org/${i}</span><button id="cancel${i}">Cancel</button></li>`)
        .join('')}</ul></section>`,
    );
    el('cancel2').focus();
    el('w2').remove();
    await settle();
    expect(document.activeElement).toBe(el('cancel3'));
    // The last row cancelled: the row before it (now the last).
    el('w3').remove();
    await settle();
    expect(document.activeElement).toBe(el('cancel1'));
  });

  it('rows above went first: the row after the one cancelled, not the one at its old place', async () => {
    const el = page(
      `<section><h2>Links waiting</h2><ul>${['a', 'b', 'c', 'd']
        .map((i) => `<li id="w${i}"><span>https://example.org/${i}</span><button id="cancel-${i}">Cancel</button></li>`)
        .join('')}</ul></section>`,
    );
    el('cancel-b').focus();
    el('wa').remove(); // made meanwhile
    el('wb').remove(); // cancelled
    await settle();
    expect(document.activeElement).toBe(el('cancel-c'));
  });

  it('a row that stays while its control goes keeps the focus, even with a row added above it', async () => {
    const el = page(`<ul id="list"><li id="r2"><button id="copy2">Copy</button><button id="yes2">Yes, delete</button></li></ul>`);
    el('yes2').focus();
    el('list').insertAdjacentHTML('afterbegin', '<li id="r1"><button id="copy1">Copy</button></li>');
    el('yes2').remove();
    await settle();
    expect(document.activeElement).toBe(el('copy2'));
  });

  it('a list drawn no more gives the focus to its own section, not to a list of the same kind elsewhere', async () => {
    const el = page(`<section id="s1"><h2>Connections</h2><ul class="items"><li><button id="use">Use</button></li></ul></section>
      <section id="s2"><h2>Pixels</h2><button id="refresh">Refresh</button><ul class="items"><li><button id="del">Delete</button></li></ul></section>`);
    el('del').focus();
    el('s2').querySelector('ul')!.remove();
    await settle();
    expect(document.activeElement).toBe(el('refresh'));
  });

  it('the last row deleted: the list’s search box', async () => {
    const el = page();
    el('row2').remove();
    el('yes1').focus();
    el('row1').remove();
    await settle();
    expect(document.activeElement).toBe(el('recent-search'));
  });

  it('a button that goes away: the first control of its form', async () => {
    const el = page();
    el('cancel').focus();
    el('cancel').remove();
    await settle();
    expect(document.activeElement).toBe(el('long-url'));
  });

  it('a control drawn again in its place (same id) gets it', async () => {
    const el = page();
    el('long-url').focus();
    const again = document.createElement('input');
    again.id = 'long-url';
    el('long-url').replaceWith(again);
    await settle();
    expect(document.activeElement).toBe(again);
  });

  it('a select disabled while it works gets it back when enabled', async () => {
    const el = page();
    const select = el('account') as HTMLSelectElement;
    select.focus();
    select.disabled = true;
    select.blur(); // what the browser does to a control that can no longer have focus
    await settle();
    select.disabled = false;
    await settle();
    expect(document.activeElement).toBe(select);
  });

  it('focus the user moved away stays away', async () => {
    const el = page();
    el('copy2').focus();
    el('copy2').blur(); // a click on the page's background
    await settle();
    el('row1').remove();
    await settle();
    expect(document.activeElement).toBe(document.body);
  });

  it('a control removed from the page that is told of as a blur first (as Chrome does) still gives the focus to the closest part', async () => {
    const el = page();
    el('yes1').focus();
    el('yes1').dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    el('row1').remove();
    await settle();
    expect(document.activeElement).toBe(el('copy2'));
  });

  it('a part drawn again in place of the one that held the focus (same element and classes) gets it', async () => {
    page(`<form><input id="long-url"></form><section class="recent"><ul><li><button id="yes">Yes</button></li></ul></section>`);
    document.getElementById('yes')!.focus();
    const empty = document.createElement('section');
    empty.className = 'recent';
    empty.innerHTML = '<p>No links yet.</p><button id="many">Shorten many…</button>';
    document.querySelector('section.recent')!.replaceWith(empty);
    await settle();
    expect(document.activeElement?.id).toBe('many');
  });

  it('a section left without a control gives the focus to its heading (the next Tab goes on from there)', async () => {
    page(
      `<form><input id="long-url"></form><section class="recent"><h2>Recent links</h2><ul><li><button id="yes">Yes</button></li></ul></section><button id="many">Shorten many…</button>`,
    );
    document.getElementById('yes')!.focus();
    document.querySelector('section.recent ul')!.remove();
    await settle();
    expect(document.activeElement?.textContent).toBe('Recent links');
  });
});
