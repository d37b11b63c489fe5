// A real Redis for the store tests: Debian's `redis-server`, installed here when it is missing
// (CI runs as root on a fresh machine), started on a free 127.0.0.1 port with persistence off,
// and killable and restartable on the same port mid-test. Every server started here is killed
// when the test process exits, so no process is left behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDebianPackage } from './apt';

export const REDIS_SERVER = '/usr/bin/redis-server';

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** Installs Debian's redis-server when it is not there yet (needs root, as in CI). */
export function ensureRedis(): void {
  ensureDebianPackage(REDIS_SERVER, 'redis-server', 'the store tests');
}

/** A port nothing listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** SIGKILLs the server (an outage: no goodbye to the clients); resolves once it has exited. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty (persistence is off); resolves once it is ready. */
  restart(): Promise<void>;
  /** SIGSTOPs it: connections stay open and nothing answers (a hung server). */
  pause(): void;
  /** SIGCONTs a paused server. */
  resume(): void;
  /** Kills it for good and removes its directory. */
  stop(): Promise<void>;
}

/** Starts a Redis on a free loopback port, persistence off; resolves once it answers. */
export async function startRedis(): Promise<RedisServer> {
  ensureRedis();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'modoki-budget-redis-'));
  let child: ChildProcess | null = null;

  async function start() {
    const proc = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    live.add(proc);
    child = proc;
    let output = '';
    proc.stdout!.on('data', (d) => (output += d));
    proc.stderr!.on('data', (d) => (output += d));
    proc.once('exit', () => live.delete(proc));
    const deadline = Date.now() + 10_000;
    while (!(await accepts(port))) {
      if (proc.exitCode !== null || proc.signalCode !== null)
        throw new Error(`redis-server on port ${port} exited at start: ${output.slice(-500)}`);
      if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not start: ${output.slice(-500)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async function kill() {
    const proc = child;
    child = null;
    if (proc === null || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((r) => proc.once('exit', () => r()));
    proc.kill('SIGKILL');
    await exited;
  }

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    kill,
    async restart() {
      await kill();
      await start();
    },
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
