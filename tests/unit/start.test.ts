// @vitest-environment node
// `npm start` (src/harness/start.ts) binds its port before it builds: a port in use is said at
// once, in plain words, with exit code 1 (it was an unhandled rejection after the whole build).
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

let blocker: net.Server;
let port: number;
beforeAll(async () => {
  blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  port = (blocker.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

describe('npm start', () => {
  it('says the port is in use and exits 1 before building anything', async () => {
    const child = spawn(TSX, ['src/harness/start.ts', '--port', String(port)], { cwd: ROOT, env: { ...process.env, HOST: '127.0.0.1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    // A build takes minutes on this machine: an exit within 30 s is one that did not build first.
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearTimeout(killer);
    expect(code, `stdout: ${stdout}\nstderr: ${stderr}`).toBe(1);
    expect(stderr).toContain(`[harness] port ${port} is in use: stop what is using it, or choose another`);
    expect(stderr).not.toMatch(/Unhandled|at .*\(.*:\d+:\d+\)/);
    expect(stdout).not.toContain('[build]');
  }, 40_000);
});
