import { describe, expect, it } from 'vitest';
import { readTabParam, withTabParam } from './editor-tab.ts';

describe('the editor tab in the URL', () => {
  it.each([
    ['', 'template'],
    ['?tab=form', 'form'],
    ['?tab=api', 'api'],
    ['?tab=stamps', 'stamps'],
    ['?tab=editing', 'editing'],
    ['?tab=unknown', 'template'],
  ])('reads %s as the %s tab', (search, tab) => {
    expect(readTabParam(new URLSearchParams(search))).toBe(tab);
  });

  it('leaves the Template tab as the plain URL', () => {
    const params = new URLSearchParams('tab=api');
    expect(withTabParam(params, 'form').toString()).toBe('tab=form');
    expect(withTabParam(params, 'template').toString()).toBe('');
  });
});
