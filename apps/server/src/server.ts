import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { exposureWarning } from './dev-conveniences.ts';

const start = async () => {
  const config = loadConfig();
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  // Jobs queued or left running when an instance stopped go on now.
  await app.jobs.startWorking();
  const warning = exposureWarning(config);
  if (warning) app.log.warn({ event: 'dev_pages.exposed', host: config.host }, warning);

  // Graceful shutdown: stop accepting, let requests in flight finish, close the database.
  let isClosing = false;
  const shutdown = (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
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
