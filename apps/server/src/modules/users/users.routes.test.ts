import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { corpusBuffer } from '../../../test/corpus.ts';
import { call, lastCode, signUp, type Account } from '../../../test/http.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../../test/test-app.ts';

describe.each(testDatabases())('user account calls on %s', (database) => {
  let app: TestApp;
  let account: Account;
  beforeEach(async () => {
    app = await buildTestApp(database);
    account = await signUp(app, { email: 'ada@example.com' });
  });
  afterEach(() => app.dispose());

  const profile = async (token = account.token) =>
    (await call(app, 'GET', '/v1/user/profile', { token })).json<Record<string, unknown>>();

  describe('profile', () => {
    it('reads the signed-in user', async () => {
      expect(await profile()).toEqual({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        title: '',
        profilePic: '',
        emailConfirmed: false,
      });
    });

    it('updates names and title, ignoring fields a client must not set', async () => {
      const res = await call(app, 'POST', '/v1/user/profile', {
        token: account.token,
        body: {
          firstName: ' Augusta ',
          lastName: 'King',
          title: 'Analyst',
          email: 'other@example.com',
          emailConfirmed: true,
        },
      });
      expect(res.statusCode).toBe(200);
      expect(await profile()).toMatchObject({
        firstName: 'Augusta',
        lastName: 'King',
        title: 'Analyst',
        email: 'ada@example.com',
        emailConfirmed: false,
      });
    });

    it.each([
      [{ firstName: '' }, 'First name should not be empty'],
      [{ lastName: ' ' }, 'Last name should not be empty'],
      [{ title: '' }, 'Please fill in a title for yourself'],
      [{ title: 'x'.repeat(101) }, 'Title must be at most 100 characters.'],
      [{ firstName: 'Ada\u0000' }, 'First name must not contain control characters.'],
    ])('refuses %j with "%s" and changes nothing', async (change, message) => {
      const body = { firstName: 'A', lastName: 'B', title: 'C', ...change };
      const res = await call(app, 'POST', '/v1/user/profile', { token: account.token, body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
      expect(await profile()).toMatchObject({ firstName: 'Ada', title: '' });
    });

    it('stores markup as text', async () => {
      const body = {
        firstName: '<img src=x onerror=alert(1)>',
        lastName: 'B',
        title: '"><script>',
      };
      await call(app, 'POST', '/v1/user/profile', { token: account.token, body });
      expect(await profile()).toMatchObject({ firstName: body.firstName, title: body.title });
    });
  });

  describe('password change', () => {
    const change = (oldPassword: string, newPassword: string, token = account.token) =>
      call(app, 'POST', '/v1/user/profile/password/reset/submit', {
        token,
        body: { oldPassword, newPassword },
      });

    it('needs the current password', async () => {
      const res = await change('not my password', 'new password');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    });

    it('validates the new password', async () => {
      const res = await change(account.password, '12345');
      expect(res.json()).toMatchObject({ message: 'The password needs a minimum length of 6' });
    });

    it('changes it, keeps this session, and signs out the others', async () => {
      const other = await call(app, 'POST', '/v1/auth/login', {
        body: { email: account.email, password: account.password },
      });
      const otherTokens = other.json<{ token: string; refreshToken: string }>();
      expect((await change(account.password, 'a new password')).statusCode).toBe(200);
      expect(
        (await call(app, 'GET', '/v1/user/profile', { token: account.token })).statusCode,
      ).toBe(200);
      const otherProfile = await call(app, 'GET', '/v1/user/profile', { token: otherTokens.token });
      expect(otherProfile.statusCode).toBe(401);
      const otherRefresh = await call(app, 'POST', '/v1/auth/refresh', {
        body: { refreshToken: otherTokens.refreshToken },
      });
      expect(otherRefresh.statusCode).toBe(401);
      const login = await call(app, 'POST', '/v1/auth/login', {
        body: { email: account.email, password: 'a new password' },
      });
      expect(login.statusCode).toBe(200);
    });
  });

  describe('e-mail confirmation', () => {
    const confirm = (code: string) =>
      call(app, 'POST', '/v1/user/email/confirm', { token: account.token, body: { code } });

    it('confirms with the mailed code, typed in any case', async () => {
      const code = await lastCode(app, account.email);
      const res = await confirm(` ${code.toLowerCase()} `);
      expect(res.statusCode).toBe(200);
      expect(await profile()).toMatchObject({ emailConfirmed: true });
      expect((await confirm(code)).json()).toMatchObject({ code: 'EMAIL_ALREADY_CONFIRMED' });
    });

    it('refuses an empty code with the form message', async () => {
      const res = await confirm('  ');
      expect(res.json()).toMatchObject({ message: "The code can't be empty" });
    });

    it("does not accept another account's code", async () => {
      const other = await signUp(app, { email: 'other@example.com' });
      const res = await confirm(await lastCode(app, other.email));
      expect(res.statusCode).toBe(400);
      expect(await profile()).toMatchObject({ emailConfirmed: false });
    });

    it('burns the code after 5 wrong tries', async () => {
      const code = await lastCode(app, account.email);
      for (let i = 0; i < 5; i += 1) expect((await confirm('WRONG1')).statusCode).toBe(400);
      expect((await confirm(code)).statusCode).toBe(400);
    });

    it('expires the code after 15 minutes', async () => {
      const code = await lastCode(app, account.email);
      app.clock.advanceMinutes(16);
      const login = await call(app, 'POST', '/v1/auth/login', {
        body: { email: account.email, password: account.password },
      });
      account.token = login.json<{ token: string }>().token;
      expect((await confirm(code)).json()).toMatchObject({ code: 'CONFIRMATION_CODE_INVALID' });
    });

    it('resends a new code that replaces the old one, a limited number of times', async () => {
      const old = await lastCode(app, account.email);
      const resend = () => call(app, 'GET', '/v1/user/email/code/resend', { token: account.token });
      expect((await resend()).statusCode).toBe(200);
      const fresh = await lastCode(app, account.email);
      expect((await confirm(old)).statusCode).toBe(400);
      for (let i = 0; i < 4; i += 1) expect((await resend()).statusCode).toBe(200);
      expect((await resend()).statusCode).toBe(429);
      void fresh;
    });
  });

  describe('picture', () => {
    const upload = (data: Buffer, type = 'image/png', filename = 'me.png') => {
      const { payload, headers } = multipartBody([{ name: 'file', filename, type, data }]);
      return call(app, 'POST', '/v1/user/picture', {
        token: account.token,
        headers,
        body: payload,
      });
    };

    it('stores a re-encoded square PNG and returns it in the header info', async () => {
      const jpeg = await sharp({
        create: { width: 900, height: 600, channels: 3, background: '#3366cc' },
      })
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
        .toBuffer();
      const res = await upload(jpeg, 'image/jpeg', 'me.jpg');
      expect(res.statusCode).toBe(200);
      const header = (await call(app, 'GET', '/v1/user/picture', { token: account.token })).json<{
        profilePic: string;
        firstName: string;
      }>();
      expect(header.firstName).toBe('Ada');
      const png = Buffer.from(header.profilePic, 'base64');
      const meta = await sharp(png).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 512, height: 512 });
      expect(meta.exif).toBeUndefined();
      expect(png.toString('latin1')).not.toContain('secret camera owner');
    });

    it('refuses a text file, an empty upload and no file at all', async () => {
      expect((await upload(Buffer.from('<script>alert(1)</script>'))).json()).toMatchObject({
        code: 'INVALID_IMAGE',
      });
      expect((await upload(Buffer.alloc(0))).statusCode).toBe(400);
      const { payload, headers } = multipartBody([{ name: 'other', value: 'x' }]);
      const none = await call(app, 'POST', '/v1/user/picture', {
        token: account.token,
        headers,
        body: payload,
      });
      expect(none.statusCode).toBe(400);
      expect(await profile()).toMatchObject({ profilePic: '' });
    });

    it('refuses two files in one upload', async () => {
      const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      const { payload, headers } = multipartBody([
        { name: 'file', filename: 'a.png', type: 'image/png', data: png },
        { name: 'file', filename: 'b.png', type: 'image/png', data: png },
      ]);
      const res = await call(app, 'POST', '/v1/user/picture', {
        token: account.token,
        headers,
        body: payload,
      });
      expect(res.statusCode).toBe(400);
    });

    it('answers 413 for a file over the upload limit', async () => {
      const res = await upload(Buffer.alloc(3 * 1024 * 1024, 1));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    });

    describe('hostile images from the corpus', () => {
      it.each([
        'svg-script-onload-foreignobject.svg',
        'svg-external-image-href.svg',
        'html-script-named-png.png',
        'jpeg-pixel-flood-64250px.jpg',
        'png-pixel-flood-50000px.png',
        'svgz-million-rects.svgz',
      ] as const)('refuses %s with 400', async (file) => {
        const res = await upload(await corpusBuffer(file));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'INVALID_IMAGE' });
        expect(await profile()).toMatchObject({ profilePic: '' });
      });

      it.each([
        'photo-rgb-960x540.jpg',
        'photo-cmyk-exif-camera.jpg',
        'picture-rgba-600x375.png',
        'png-text-profile-etc-passwd.png',
        'png-two-colour-noise-2800px.png',
      ] as const)('accepts %s and strips its metadata', async (file) => {
        expect((await upload(await corpusBuffer(file))).statusCode).toBe(200);
        const pic = Buffer.from(String((await profile()).profilePic), 'base64');
        const meta = await sharp(pic).metadata();
        expect(meta.format).toBe('png');
        expect(meta.exif).toBeUndefined();
        expect(pic.toString('latin1')).not.toMatch(/root:|profile=|Canon/);
      });
    });
  });
});
