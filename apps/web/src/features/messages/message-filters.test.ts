import { describe, expect, it } from 'vitest';
import { messageFiltersOf, messageQueryOf, messageSearchOf } from './message-filters';

describe("the Messages screen's filters", () => {
  it('reads the address, ignoring unknown values', () => {
    const filters = messageFiltersOf(new URLSearchParams('date=2026-11-20&kind=absence&channel=fax&status=failed&page=3'));
    expect(filters).toEqual({ date: '2026-11-20', kind: 'absence', channel: '', status: 'failed', parentId: '', page: 3 });
    expect(messageFiltersOf(new URLSearchParams('date=yesterday&page=-2'))).toMatchObject({ date: '', page: 1 });
  });

  it('writes only the filters that are set, and no first page', () => {
    const search = messageSearchOf({ date: '', kind: 'fee-reminder', channel: 'sms', status: '', parentId: '', page: 1 });
    expect(search.toString()).toBe('kind=fee-reminder&channel=sms');
  });

  it("asks for one parent's messages of every day (no date)", () => {
    const query = messageQueryOf({ date: '2026-11-20', kind: '', channel: '', status: '', parentId: 'p1', page: 2 }, 25);
    expect(query).toEqual({ date: undefined, kind: undefined, channel: undefined, status: undefined, parentId: 'p1', page: '2', limit: '25' });
  });
});
