import { describe, expect, it } from 'vitest';
import { parseEnquiryListState, toEnquiryListParams, toEnquiryListQuery } from './enquiry-list-query';

describe('registration list state', () => {
  it('reads the address, ignoring unknown values', () => {
    expect(parseEnquiryListState(new URLSearchParams('search=aditi&status=contacted&form=web&source=newspaper&followUp=today&page=0'))).toEqual({
      search: 'aditi',
      status: 'contacted',
      form: '',
      source: 'newspaper',
      followUp: 'today',
      page: 1,
    });
  });

  it('writes only what differs from the defaults, and asks the API for a page', () => {
    const state = { search: ' x ', status: 'new' as const, form: '' as const, source: '' as const, followUp: 'overdue' as const, page: 2 };
    expect(toEnquiryListParams(state).toString()).toBe('search=x&status=new&followUp=overdue&page=2');
    expect(toEnquiryListQuery(state)).toEqual({ search: 'x', status: 'new', form: '', source: '', followUp: 'overdue', page: '2', limit: '20' });
  });
});
