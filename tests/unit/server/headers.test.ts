import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  contentSecurityPolicy,
  loadBuildManifest,
  NEW_BUILD_WARNING,
  securityHeaders,
  watchForNewBuild,
} from '../../../src/server/headers';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

const hashA = 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';
const hashB = 'sha384-OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb';

describe('securityHeaders', () => {
  it('sends the full policy with the inline script hashes in script-src', () => {
    const headers = securityHeaders({ scriptHashes: [hashA, `'${hashB}'`] });

    expect(headers['Content-Security-Policy']).toBe(
      "default-src 'self'; " +
        `script-src 'self' '${hashA}' '${hashB}'; ` +
        "style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self' data:; connect-src 'self'; " +
        "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'; manifest-src 'self'; " +
        "worker-src 'self'",
    );
  });

  it("never allows 'unsafe-inline' or 'unsafe-eval' for scripts", () => {
    for (const scriptHashes of [[], [hashA], [hashA, hashB]]) {
      const policy = directives(securityHeaders({ scriptHashes })['Content-Security-Policy'] ?? '');
      for (const directive of ['script-src', 'default-src']) {
        expect(policy.get(directive)).toBeDefined();
        expect(policy.get(directive)).not.toContain("'unsafe-inline'");
        expect(policy.get(directive)).not.toContain("'unsafe-eval'");
      }
      expect(policy.get('script-src')).toEqual(["'self'", ...scriptHashes.map((hash) => `'${hash}'`)]);
    }
  });

  it('refuses anything but a hash, so the manifest cannot widen script-src', () => {
    expect(() => contentSecurityPolicy(["'unsafe-inline'"])).toThrow(/Not a CSP script hash/);
    expect(() => contentSecurityPolicy([`${hashA}' 'unsafe-eval`])).toThrow(/Not a CSP script hash/);
    expect(() => contentSecurityPolicy(['https://evil.example'])).toThrow(/Not a CSP script hash/);
  });

  it('sets the other protective headers', () => {
    expect(securityHeaders({ scriptHashes: [] })).toMatchObject({
      'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
  });
});

describe('loadBuildManifest', () => {
  let distDir: string;
  const log = { warn: jest.fn() };

  beforeEach(() => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-manifest-'));
    log.warn.mockClear();
  });

  afterEach(() => {
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  const writeManifest = (content: string): void => {
    fs.writeFileSync(path.join(distDir, 'build-manifest.json'), content);
  };

  it('reads the hashes and routes', () => {
    writeManifest(
      JSON.stringify({
        inlineScriptHashes: [hashA],
        routes: ['/', '/services', '/debug'],
        sitemapRoutes: ['/services'],
      }),
    );

    expect(loadBuildManifest(distDir, log)).toEqual({
      inlineScriptHashes: [hashA],
      connectOrigins: [],
      scriptOrigins: [],
      routes: ['/', '/services', '/debug'],
      sitemapRoutes: ['/services'],
    });
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('warns and returns null when the manifest is missing', () => {
    expect(loadBuildManifest(distDir, log)).toBeNull();
    expect(log.warn).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('does not exist'));
  });

  it('warns and returns null when the manifest is not JSON', () => {
    writeManifest('{ not json');

    expect(loadBuildManifest(distDir, log)).toBeNull();
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('drops entries that are not hashes, with a warning', () => {
    writeManifest(JSON.stringify({ inlineScriptHashes: [hashA, "'unsafe-inline'", 42], routes: 'not a list' }));

    expect(loadBuildManifest(distDir, log)).toEqual({
      inlineScriptHashes: [hashA],
      connectOrigins: [],
      scriptOrigins: [],
      routes: [],
      sitemapRoutes: [],
    });
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ invalid: ["'unsafe-inline'"] }),
      expect.stringContaining('not CSP hashes'),
    );
  });
});

describe('connect-src for the content service', () => {
  it("adds the build's content origins to connect-src and nothing else", () => {
    const policy = contentSecurityPolicy([], ['https://cdn.contentful.com', 'http://127.0.0.1:8787']);
    expect(policy).toContain("connect-src 'self' https://cdn.contentful.com http://127.0.0.1:8787;");
    expect(policy).toContain("script-src 'self';");
  });

  it('refuses anything that is not a bare origin', () => {
    expect(() => contentSecurityPolicy([], ["https://cdn.contentful.com; script-src 'unsafe-inline'"])).toThrow(
      'Not an origin',
    );
    expect(() => contentSecurityPolicy([], ['*'])).toThrow('Not an origin');
  });

  it('reads the origins from the manifest, dropping malformed ones with a warning', () => {
    const log = { warn: jest.fn() };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-origins-'));
    fs.writeFileSync(
      path.join(dir, 'build-manifest.json'),
      JSON.stringify({
        inlineScriptHashes: [],
        connectOrigins: ['https://cdn.contentful.com', 'javascript:alert(1)'],
        routes: [],
      }),
    );
    expect(loadBuildManifest(dir, log)?.connectOrigins).toEqual(['https://cdn.contentful.com']);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ badOrigins: ['javascript:alert(1)'] }),
      expect.any(String),
    );
  });
});

describe('watchForNewBuild', () => {
  let distDir: string;
  let stop: () => void = () => undefined;
  const log = { warn: jest.fn() };
  const manifest = () => path.join(distDir, 'build-manifest.json');
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** A build writing its manifest, dated `secondsLater` after the first so the change shows at any clock resolution. */
  const writeBuild = (secondsLater: number): void => {
    fs.writeFileSync(manifest(), JSON.stringify({ inlineScriptHashes: [hashA], routes: ['/'] }));
    const date = new Date(Date.now() + secondsLater * 1_000);
    fs.utimesSync(manifest(), date, date);
  };

  beforeEach(() => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-new-build-'));
    log.warn.mockClear();
  });

  afterEach(() => {
    stop();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('says nothing while the build the server started with stays', async () => {
    writeBuild(0);
    stop = watchForNewBuild(distDir, log, 20);

    await wait(200);

    expect(log.warn).not.toHaveBeenCalled();
  });

  it('warns, with the restart it needs, once a new build replaces dist/ (cleaned first, then written)', async () => {
    writeBuild(0);
    stop = watchForNewBuild(distDir, log, 20);
    await wait(60);

    fs.rmSync(manifest());
    await wait(100);
    expect(log.warn).not.toHaveBeenCalled();
    writeBuild(10);
    await wait(200);

    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith({ file: manifest() }, NEW_BUILD_WARNING);
  });

  it('stops looking once stopped (the app closing)', async () => {
    writeBuild(0);
    watchForNewBuild(distDir, log, 20)();
    await wait(60);

    writeBuild(10);
    await wait(200);

    expect(log.warn).not.toHaveBeenCalled();
  });
});
