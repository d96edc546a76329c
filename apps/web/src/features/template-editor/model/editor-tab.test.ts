import { describe, expect, it } from 'vitest';
import { readTabParam, readVersionParam, withTabParam, withVersionParam } from './editor-tab.ts';

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

describe('the version parameter', () => {
  it('opens a published version by number and the draft for anything else', () => {
    expect(readVersionParam(new URLSearchParams('version=3'))).toBe(3);
    for (const bad of ['', 'version=0', 'version=draft', 'version=1.5', 'version=-2']) {
      expect(readVersionParam(new URLSearchParams(bad))).toBeNull();
    }
  });

  it('keeps the other parameters when a version is opened or closed', () => {
    const opened = withVersionParam(new URLSearchParams('tab=form'), 2);
    expect(opened.toString()).toBe('tab=form&version=2');
    expect(withVersionParam(opened, null).toString()).toBe('tab=form');
  });
});
