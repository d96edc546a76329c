import { describe, expect, it } from 'vitest';
import { readPageParam, withPageParam } from './page-param.ts';

describe('the page in the URL', () => {
  it.each([
    ['', 1],
    ['?page=3', 3],
    ['?page=1', 1],
    ['?page=0', 1],
    ['?page=-2', 1],
    ['?page=2.5', 1],
    ['?page=abc', 1],
    ['?page=99999999999999999999', 1],
  ])('reads %s as page %i', (search, page) => {
    expect(readPageParam(new URLSearchParams(search))).toBe(page);
  });

  it('writes pages from 2 and leaves page 1 as the plain URL, keeping other parameters', () => {
    const params = new URLSearchParams('q=x&page=4');
    expect(withPageParam(params, 2).toString()).toBe('q=x&page=2');
    expect(withPageParam(params, 1).toString()).toBe('q=x');
    expect(params.toString()).toBe('q=x&page=4');
  });
});
