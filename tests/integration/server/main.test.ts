import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
// Not main.ts: it starts a server as soon as it is loaded.
import { handleShutdownSignals, shutdown, startServer } from '../../../src/server/lifecycle';
import { buildTestApp, formBody, type TestApp } from './support/apiApp';

const projectRoot = path.resolve(__dirname, '../../..');

function isPortOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      resolve(false);
    });
  });
}

let tempRoot: string;
let distDir: string;
let databasePath: string;

beforeEach(() => {
  tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'site-main-'));
  distDir = path.join(tempRoot, 'dist');
  databasePath = path.join(tempRoot, 'data', 'site.db');
  fs.mkdirSync(distDir);
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>home</title>');
});

afterEach(() => {
  fs.rmSync(tempRoot, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('defaults to a local server with paths resolved against the working directory', () => {
    expect(loadConfig({}, '/srv/site')).toEqual({
      port: 3000,
      processes: 1,
      host: '127.0.0.1',
      databasePath: '/srv/site/data/site.db',
      databaseUrl: undefined,
      databasePoolMax: 10,
      distDir: '/srv/site/dist',
      logLevel: 'info',
      adminToken: undefined,
      imagesDir: '/srv/site/data/images',
      formsRateLimitMax: 10,
      metricsRateLimitMax: 60,
      ipHashKey: undefined,
      ipHashRetentionMs: 30 * 86_400_000,
      ipHashSalt: undefined,
      trustProxy: false,
      siteUrl: 'http://localhost:3000',
      leads: {
        email: undefined,
        webhook: undefined,
        salesforce: undefined,
        retryFirstMs: 30_000,
        retryMaxMs: 3_600_000,
        giveUpMs: 48 * 3_600_000,
        sendTimeoutMs: 30_000,
      },
      adminPasswordHash: undefined,
      adminSessionMs: 8 * 3_600_000,
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 15_000,
      keepAliveTimeoutMs: 5_000,
      contentWebhookSecret: undefined,
      contentSyncIntervalMs: 300_000,
    });
  });

  it('reads every variable, treating empty values as unset', () => {
    const env = {
      PORT: '8080',
      WEB_CONCURRENCY: '2',
      HOST: '0.0.0.0',
      DATABASE_PATH: '/var/lib/site.db',
      DATABASE_URL: 'postgres://site:pw@db.internal:5432/site',
      DATABASE_POOL_MAX: '20',
      DIST_DIR: 'build',
      LOG_LEVEL: 'WARN',
      ADMIN_TOKEN: 'secret-token',
      IMAGES_DIR: '/var/lib/site-images',
      FORMS_RATE_LIMIT_MAX: '5000',
      METRICS_RATE_LIMIT_MAX: '120',
      IP_HASH_KEY: 'k'.repeat(64),
      IP_HASH_RETENTION_DAYS: '7',
      IP_HASH_SALT: 'pepper',
      TRUST_PROXY: '10.0.0.1, 172.16.0.0/12',
      SITE_URL: 'https://www.meridian.example/blog',
      SMTP_URL: 'smtp://mailer:pw@mail.internal:587',
      LEADS_EMAIL_TO: 'sales@meridian.example',
      LEADS_EMAIL_FROM: 'Website <web@meridian.example>',
      LEADS_WEBHOOK_URL: 'https://hooks.example/lead',
      LEADS_WEBHOOK_SECRET: '0123456789abcdef',
      SALESFORCE_ORG_ID: '00D5g000001abcdEAA',
      SALESFORCE_WEB_TO_LEAD_URL: 'https://test.salesforce.com/servlet/servlet.WebToLead?encoding=UTF-8',
      SALESFORCE_SUBSCRIBE_FIELD: '00N5g000001aaaa',
      SALESFORCE_SMS_FIELD: '00N5g000001bbbb',
      LEADS_RETRY_FIRST_SECONDS: '0.5',
      LEADS_RETRY_MAX_SECONDS: '60',
      LEADS_GIVE_UP_HOURS: '0',
      LEADS_SEND_TIMEOUT_SECONDS: '10',
      ADMIN_PASSWORD_HASH: 'scrypt$32768$8$1$c2FsdA$a2V5',
      ADMIN_SESSION_HOURS: '1.5',
      REQUEST_TIMEOUT_SECONDS: '120',
      HEADERS_TIMEOUT_SECONDS: '10',
      KEEP_ALIVE_TIMEOUT_SECONDS: '2.5',
      CONTENTFUL_WEBHOOK_SECRET: 'w'.repeat(64),
      CONTENT_SYNC_INTERVAL_SECONDS: '30',
    };
    expect(loadConfig(env, '/srv/site')).toEqual({
      port: 8080,
      processes: 2,
      host: '0.0.0.0',
      databasePath: '/var/lib/site.db',
      databaseUrl: 'postgres://site:pw@db.internal:5432/site',
      databasePoolMax: 20,
      distDir: '/srv/site/build',
      logLevel: 'warn',
      adminToken: 'secret-token',
      imagesDir: '/var/lib/site-images',
      formsRateLimitMax: 5000,
      metricsRateLimitMax: 120,
      ipHashKey: 'k'.repeat(64),
      ipHashRetentionMs: 7 * 86_400_000,
      ipHashSalt: 'pepper',
      trustProxy: ['10.0.0.1', '172.16.0.0/12'],
      siteUrl: 'https://www.meridian.example',
      leads: {
        email: {
          smtpUrl: 'smtp://mailer:pw@mail.internal:587',
          to: 'sales@meridian.example',
          from: 'Website <web@meridian.example>',
        },
        webhook: { url: 'https://hooks.example/lead', secret: '0123456789abcdef' },
        salesforce: {
          orgId: '00D5g000001abcdEAA',
          url: 'https://test.salesforce.com/servlet/servlet.WebToLead?encoding=UTF-8',
          subscribeField: '00N5g000001aaaa',
          smsField: '00N5g000001bbbb',
        },
        retryFirstMs: 500,
        retryMaxMs: 60_000,
        giveUpMs: 0,
        sendTimeoutMs: 10_000,
      },
      adminPasswordHash: 'scrypt$32768$8$1$c2FsdA$a2V5',
      adminSessionMs: 5_400_000,
      requestTimeoutMs: 120_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 2_500,
      contentWebhookSecret: 'w'.repeat(64),
      contentSyncIntervalMs: 30_000,
    });
    expect(loadConfig({ PORT: '', HOST: ' ', LOG_LEVEL: '' }, '/srv/site')).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      logLevel: 'info',
    });
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });

  it.each(['65536', '-1', '3000.5', 'http', '1e3', '0x50'])('rejects PORT=%s with a clear message', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(
      `PORT must be an integer from 0 to 65535 (0 picks a free port); got "${port}".`,
    );
  });

  it.each([
    [{ LEADS_EMAIL_TO: 'owner@example.com' }, 'LEADS_EMAIL_TO is set but SMTP_URL is not'],
    [{ SMTP_URL: 'mail.example.com:25' }, 'SMTP_URL must look like smtp://'],
    [{ LEADS_WEBHOOK_URL: 'https://hooks.example/lead' }, 'LEADS_WEBHOOK_URL needs LEADS_WEBHOOK_SECRET'],
    [{ LEADS_WEBHOOK_URL: 'https://hooks.example/lead', LEADS_WEBHOOK_SECRET: 'short' }, 'at least 16 characters'],
    [{ LEADS_WEBHOOK_URL: 'ftp://hooks.example', LEADS_WEBHOOK_SECRET: '0123456789abcdef' }, 'must be an http(s) URL'],
    [{ SALESFORCE_ORG_ID: 'acme' }, 'SALESFORCE_ORG_ID must be a Salesforce organization id'],
    [{ LEADS_RETRY_FIRST_SECONDS: '0' }, 'LEADS_RETRY_FIRST_SECONDS must be a positive number'],
    [{ LEADS_GIVE_UP_HOURS: '-1' }, 'LEADS_GIVE_UP_HOURS must be a non-negative number'],
    [{ SITE_URL: 'www.example.com' }, 'SITE_URL must be an http(s) URL'],
  ])('refuses lead settings it cannot use: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never repeats an SMTP password in its complaint', () => {
    expect(() => loadConfig({ SMTP_URL: 'mailer:hunter2@mail' })).toThrow(/^(?!.*hunter2)/s);
  });

  it('keeps the headers timeout within a shorter request timeout, and refuses one longer than it', () => {
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '8' })).toMatchObject({
      requestTimeoutMs: 8_000,
      headersTimeoutMs: 8_000,
    });
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '10', HEADERS_TIMEOUT_SECONDS: '20' })).toThrow(
      'HEADERS_TIMEOUT_SECONDS must not exceed REQUEST_TIMEOUT_SECONDS (10)',
    );
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(
      'REQUEST_TIMEOUT_SECONDS must be a positive number; got "0".',
    );
  });

  it('refuses TRUST_PROXY=true in production, naming the safe settings', () => {
    const production = { NODE_ENV: 'production', TRUST_PROXY: 'true' };
    expect(() => loadConfig(production)).toThrow(
      /^TRUST_PROXY=true believes the X-Forwarded-For header of any client.*TRUST_PROXY=10\.0\.0\.0\/8.*TRUST_PROXY=loopback.*TRUST_PROXY_ALLOW_ANY=true/,
    );
    expect(loadConfig({ ...production, TRUST_PROXY_ALLOW_ANY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ ...production, TRUST_PROXY_ALLOW_ANY: 'yes' })).toThrow(
      'TRUST_PROXY_ALLOW_ANY must be true or false; got "yes".',
    );
  });

  it('accepts the named ranges loopback, linklocal and uniquelocal beside addresses and CIDRs', () => {
    expect(
      loadConfig({ NODE_ENV: 'production', TRUST_PROXY: 'Loopback, 10.0.0.0/8, linklocal,uniquelocal' }),
    ).toMatchObject({
      trustProxy: ['loopback', '10.0.0.0/8', 'linklocal', 'uniquelocal'],
    });
  });

  it.each(['localhost', '10.0.0.0/33', '300.1.1.1', 'fd00::/129', '10.0.0.1/8/8', 'true,10.0.0.1'])(
    'rejects TRUST_PROXY=%s',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        `TRUST_PROXY must be true, false or a comma-separated list of IP addresses or CIDRs; got "${value}". ` +
          'The named ranges loopback, linklocal, uniquelocal may be listed too.',
      );
    },
  );

  it('runs one server process unless WEB_CONCURRENCY asks for more, or one per core for auto', () => {
    expect(loadConfig({}).processes).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '3' }).processes).toBe(3);
    expect(loadConfig({ WEB_CONCURRENCY: 'auto' }).processes).toBe(os.availableParallelism());
  });

  it.each(['0', '-1', 'two', '1.5'])('rejects WEB_CONCURRENCY=%s', (value) => {
    expect(() => loadConfig({ WEB_CONCURRENCY: value })).toThrow(
      `WEB_CONCURRENCY must be a positive integer; got "${value}".`,
    );
  });

  it('rejects an unknown LOG_LEVEL', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(
      /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/,
    );
  });
});

describe('TRUST_PROXY over HTTP', () => {
  const postFrom = (testApp: TestApp, forwardedFor: string) =>
    testApp.request({
      method: 'POST',
      url: '/',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        'x-forwarded-for': forwardedFor,
      },
      payload: formBody({ 'form-name': 'blog-newsletter', email: 'reader@example.com' }),
    });

  it('counts posts by the peer, not by the X-Forwarded-For of a peer it does not trust', async () => {
    const { trustProxy } = loadConfig({ NODE_ENV: 'production', TRUST_PROXY: '10.0.0.0/8, uniquelocal' });
    const testApp = await buildTestApp({ formsRateLimitMax: 2, trustProxy });
    try {
      const statuses = [];
      for (const forwardedFor of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        statuses.push((await postFrom(testApp, forwardedFor)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await testApp.close();
    }
  });

  it('counts posts by the X-Forwarded-For of a trusted proxy (loopback)', async () => {
    const { trustProxy } = loadConfig({ NODE_ENV: 'production', TRUST_PROXY: 'loopback' });
    const testApp = await buildTestApp({ formsRateLimitMax: 2, trustProxy });
    try {
      const statuses = [];
      for (const forwardedFor of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        statuses.push((await postFrom(testApp, forwardedFor)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200]);
    } finally {
      await testApp.close();
    }
  });
});

describe('startServer and shutdown', () => {
  it('listens for real, answers /healthz, and frees the port on shutdown', async () => {
    const { app, url } = await startServer({ port: 0, host: '127.0.0.1', distDir, databasePath, logLevel: 'silent' });
    const port = Number(new URL(url).port);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    // fetch keeps its connection alive, which shutdown has to cope with.
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(await isPortOpen(port)).toBe(true);

    await expect(shutdown(app)).resolves.toBe(0);

    expect(await isPortOpen(port)).toBe(false);
    await expect(app.storage.ping()).rejects.toMatchObject({ name: 'StorageUnavailableError' });
  });

  it('rejects and closes the app when the port is taken', async () => {
    const first = await startServer({ port: 0, host: '127.0.0.1', distDir, databasePath, logLevel: 'silent' });
    try {
      const port = Number(new URL(first.url).port);
      await expect(
        startServer({ port, host: '127.0.0.1', distDir, databasePath: `${databasePath}-2`, logLevel: 'silent' }),
      ).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await shutdown(first.app);
    }
  });

  it('gives up with exit code 1 when closing takes longer than the timeout', async () => {
    const app = await buildApp({ distDir, databasePath });
    let finishClosing = (): void => undefined;
    const closingStarted = new Promise<void>((started) => {
      app.addHook('onClose', () => {
        started();
        return new Promise<void>((resolve) => (finishClosing = resolve));
      });
    });
    await app.ready();

    await expect(shutdown(app, { timeoutMs: 50 })).resolves.toBe(1);
    await closingStarted;
    finishClosing();
  });
});

describe('handleShutdownSignals', () => {
  it('exits 0 after a graceful close, and 1 at once on a second signal', async () => {
    const app = await buildApp({ distDir, databasePath });
    let closingStarted = (): void => undefined;
    const closing = new Promise<void>((resolve) => (closingStarted = resolve));
    let finishClosing = (): void => undefined;
    app.addHook('onClose', () => {
      closingStarted();
      return new Promise<void>((resolve) => (finishClosing = resolve));
    });
    await app.ready();
    let exitedCleanly = (): void => undefined;
    const cleanExit = new Promise<void>((resolve) => (exitedCleanly = resolve));
    const exit = jest.fn((code: number) => {
      if (code === 0) {
        exitedCleanly();
      }
    });
    const signals = new EventEmitter();
    const uninstall = handleShutdownSignals(app, { exit, signals });

    signals.emit('SIGTERM', 'SIGTERM');
    await closing;
    expect(exit).not.toHaveBeenCalled();

    signals.emit('SIGINT', 'SIGINT');
    expect(exit).toHaveBeenLastCalledWith(1);

    finishClosing();
    await cleanExit;
    expect(exit).toHaveBeenLastCalledWith(0);

    uninstall();
    expect(signals.listenerCount('SIGTERM')).toBe(0);
    expect(signals.listenerCount('SIGINT')).toBe(0);
  });
});

describe('main.ts as a process', () => {
  it('starts from the environment and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, [require.resolve('ts-node/dist/bin.js'), 'src/server/main.ts'], {
      cwd: projectRoot,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DIST_DIR: distDir,
        DATABASE_PATH: databasePath,
        LOG_LEVEL: 'info',
        // TypeScript 6 refuses to transpile without a rootDir (TS5011) unless tsconfig sets one.
        TS_NODE_COMPILER_OPTIONS: JSON.stringify({ rootDir: '.' }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => {
      child.once('exit', (code) => {
        resolve(code);
      });
    });

    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(output);
          if (match?.[1] !== undefined) {
            resolve(match[1]);
          }
        });
        void exited.then(() => {
          reject(new Error(`main.ts exited before listening:\n${output}`));
        });
      });

      const response = await fetch(`${url}/healthz`);
      expect(response.status).toBe(200);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('"signal":"SIGTERM"');
      expect(await isPortOpen(Number(new URL(url).port))).toBe(false);
      expect(fs.existsSync(databasePath)).toBe(true);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
