import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { freePort } from '../../api/src/testing/processes.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const standalone = path.join(repoRoot, 'cron/dist/standalone.js');

/** What a test needs of the app under test: where it answers. */
export interface AppUnderTest {
  url: string;
}

export interface RunningApp extends AppUnderTest {
  dataDir: string;
  /** Everything the process printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** Why `startApp` gave up; the process it spawned is stopped and its data directory removed by then. */
export class AppStartError extends Error {
  constructor(
    message: string,
    readonly pid: number | undefined,
    readonly dataDir: string,
  ) {
    super(message);
  }
}

/**
 * The app stops itself when its stdin closes, that is when the process that started it is gone, however it
 * went (a crash or a kill of the test runner too): a leftover server would hold its port and its CPU, and
 * make the next run's failures about it.
 */
const EXIT_WITH_PARENT = `data:text/javascript,process.stdin.on('end',()=>process.kill(process.pid,'SIGTERM')).resume()`;

/**
 * Starts the built app (API + cron in one process) on a free port with a fresh DATA_DIR, as
 * `npm start` does, and waits for it to print its address. If it does not start, the process is stopped
 * before the error is thrown.
 */
export async function startApp(
  extraEnv: Record<string, string> = {},
  options: { startTimeoutMs?: number } = {},
): Promise<RunningApp> {
  if (!existsSync(standalone)) throw new Error(`${standalone} is missing: run \`npm run build\` first`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lamha-e2e-'));
  // A known port (not 0) so APP_URL, and so the links in e-mails, point at this very server.
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', EXIT_WITH_PARENT, standalone], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = async () => {
    await terminate(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const timeoutMs = options.startTimeoutMs ?? 60_000;
  let url: string;
  try {
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`app did not start in ${timeoutMs / 1000} s:\n${output}`)),
        timeoutMs,
      );
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /running at (http:\/\/[\w.:[\]-]+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`app exited with ${code ?? signal} before starting:\n${output}`));
      });
    });
  } catch (error) {
    await stop();
    throw new AppStartError((error as Error).message, child.pid, dataDir);
  }
  return { url, dataDir, output: () => output, stop };
}

/** SIGTERM (the app shuts down cleanly), SIGKILL if it has not exited 10 s later. */
async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, and what this machine's closed network needs (no calls home, no QUIC). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
] as const;

const launchOptions = { executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] };

/**
 * The e2e run's one Chromium (src/global-setup.ts starts it and names its endpoint here): each test file
 * connects to it instead of starting a browser of its own (21 starts, each a few CPU-seconds).
 */
export const SHARED_BROWSER_ENV = 'E2E_CHROMIUM_ENDPOINT';

/** Starts the Chromium the e2e files share; close() stops it. */
export function launchBrowserServer() {
  return chromium.launchServer(launchOptions);
}

/**
 * Debian's Chromium, headless, with the flags this machine's closed network needs: in the e2e run the
 * shared one (close() then only disconnects, closing this file's contexts), elsewhere a browser of its own.
 */
export function launchBrowser(): Promise<Browser> {
  const endpoint = process.env[SHARED_BROWSER_ENV];
  return endpoint ? chromium.connect(endpoint) : chromium.launch(launchOptions);
}

/** A page that records console errors and failed page scripts so tests can assert there were none. */
export async function newPage(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}
