import { buildApp } from './app.ts';
import { ConfigError } from './config/config-error.ts';
import { loadConfig } from './config.ts';
import { exposureWarning, mailWarning } from './dev-conveniences.ts';

const start = async () => {
  const config = loadConfig();
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  // Job workers and timers started with the app (jobs/schedule.ts); the fill workers now, so the
  // first request does not wait for them.
  app.deps.pdfPool.startWorkers();
  const warning = exposureWarning(config);
  if (warning) app.log.warn({ event: 'dev_pages.exposed', host: config.host }, warning);
  const noMail = mailWarning(config);
  if (noMail) app.log.warn({ event: 'mail.not_configured' }, noMail);

  // Graceful shutdown: stop accepting, let requests in flight finish, close the database.
  let isClosing = false;
  const shutdown = (reason: string, exitCode: 0 | 1) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal: reason }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    app.close().then(
      () => process.exit(exitCode),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM', 0));
  process.on('SIGINT', () => shutdown('SIGINT', 0));
  // The last line: an error nothing handled leaves the process in a state nobody planned for. It
  // is logged, requests in flight are let finish, and the process ends with status 1 for its
  // supervisor to start it again (docs/deploy.md), rather than dying mid-request or going on.
  const fail = (event: string) => (error: unknown) => {
    app.log.fatal({ event, err: error }, 'unexpected error: shutting down');
    shutdown(event, 1);
  };
  process.on('uncaughtException', fail('process.uncaught_exception'));
  process.on('unhandledRejection', fail('process.unhandled_rejection'));
};

start().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Platen could not start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
});
