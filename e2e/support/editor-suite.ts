import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { newUser, registerByApi, signInWithTokens, type TokenPair } from './accounts.ts';
import { launchBrowser, openPage, type Theme } from './chromium.ts';
import { startServer, type RunningServer } from './server.ts';
import type { CorpusName } from '../../test-fixtures/corpus.ts';
import { corpusPdf, uploadTemplateByApi } from './templates.ts';

export type EditorSuite = { url: string; browser: Browser; tokens: TokenPair };

/**
 * What every editor test file starts from: the real server, one Chromium and one account, with
 * templates uploaded from the test corpus through the API (name → corpus file). Call it inside
 * describe(); the fields are filled before the first test runs.
 */
export const editorSuite = (user: string, templates: Record<string, CorpusName> = {}) => {
  const suite = {} as EditorSuite;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer();
    suite.url = server.url;
    suite.browser = await launchBrowser();
    suite.tokens = await registerByApi(server.url, newUser(user));
    for (const [name, file] of Object.entries(templates)) {
      await uploadTemplateByApi(server.url, suite.tokens, name, await corpusPdf(file));
    }
  });
  afterAll(async () => {
    await suite.browser?.close();
    await server?.stop();
  });
  return suite;
};

/** A fresh page signed in as the suite's account. */
export const openSignedIn = async (
  suite: EditorSuite,
  opts: { theme?: Theme; width?: number; height?: number; hasTouch?: boolean } = {},
) => {
  const opened = await openPage(suite.browser, opts);
  await signInWithTokens(opened.page, suite.url, suite.tokens);
  return opened;
};
