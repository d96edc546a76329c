import { describe, expect, it } from 'vitest';
import { isShowablePicture, isStillTyping, pictureUrlProblem } from './picture-url.ts';

describe('a picture address typed in the Form tab', () => {
  it('takes an https:// address and an empty input', () => {
    expect(pictureUrlProblem('https://example.com/logo.png')).toBeNull();
    expect(pictureUrlProblem('  ')).toBeNull();
  });

  it('refuses http:// and other schemes as the server does, and says why', () => {
    expect(pictureUrlProblem('http://example.com/logo.png')).toMatch(/^Only https:\/\//);
    expect(pictureUrlProblem('ftp://example.com/logo.png')).toMatch(/^Only https:\/\//);
  });

  it('refuses what is no address at all', () => {
    expect(pictureUrlProblem('example.com/logo.png')).toMatch(/^Not a web address/);
    expect(pictureUrlProblem('https://')).toMatch(/^Not a web address/);
  });

  it('waits while the typing may still become https://, not once it cannot', () => {
    expect(isStillTyping('htt')).toBe(true);
    expect(isStillTyping('HTTPS:/')).toBe(true);
    expect(isStillTyping('http://')).toBe(false);
    expect(isStillTyping('www.')).toBe(false);
  });
});

describe('a picture shown in the Form tab', () => {
  const picture = `data:image/png;base64,${'A'.repeat(4000)}`;

  it('is previewed on the page only as data: or blob: pictures (the CSP keeps out the rest)', () => {
    expect(
      [
        picture,
        'blob:https://app.example/4f1c',
        'https://example.com/a.png',
        'data:text/html,x',
      ].map(isShowablePicture),
    ).toEqual([true, true, false, false]);
  });
});
