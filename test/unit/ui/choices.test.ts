import { isSendableDomain, sendableDomains, toId } from '@/lib/ui/choices';
import type { Domain } from '@/lib/api';

const domain = (id: unknown): Domain => ({ id, domain: 'https://go.example', redirectroot: null, redirect404: null }) as unknown as Domain;

describe('the domains a user can choose', () => {
  it('keeps only positive whole ids: shared domains (null id) and odd ids cannot be sent as domain_id', () => {
    const list = [domain(3), domain(null), domain(0), domain(-2), domain(1.5), domain(Number.NaN), domain('4'), domain(9)];
    expect(sendableDomains(list).map((d) => d.id)).toEqual([3, 9]);
    expect(isSendableDomain(domain(7))).toBe(true);
  });
});

describe("a select's value as an id", () => {
  it.each([
    ['', null],
    ['12', 12],
    ['0', null],
    ['-3', null],
    ['abc', null],
    ['1e3', null],
    [' 5', null],
  ])('%j → %j', (value, id) => {
    expect(toId(value)).toBe(id);
  });
});
