import { describe, expect, it } from 'vitest';
import { ByteLru } from './byte-lru.ts';

describe('ByteLru', () => {
  const cache = () => new ByteLru<string>(10, (value) => value.length);

  it('evicts the least recently used entries once the bytes exceed the bound', () => {
    const lru = cache();
    lru.set('a', 'aaaa');
    lru.set('b', 'bbbb');
    expect(lru.get('a')).toBe('aaaa');
    lru.set('c', 'cccc');
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('aaaa');
    expect(lru.get('c')).toBe('cccc');
    expect(lru.size).toBe(8);
  });

  it('keeps nothing larger than the whole cache, and replaces an entry in place', () => {
    const lru = cache();
    lru.set('big', 'x'.repeat(11));
    expect(lru.get('big')).toBeUndefined();
    lru.set('a', 'aa');
    lru.set('a', 'aaa');
    expect(lru.size).toBe(3);
  });
});
