// HAProxy from Debian's packages, as the product's documented balancer (docs/load-balancer.md):
// found, or installed with apt-get when missing and we run as root. Used by the scale-out test's
// cluster and by the Lighthouse run, which measures the product as guests reach it: over TLS and
// HTTP/2 at the balancer.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './product-server.mjs';

export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/** Why HAProxy cannot run here (a sentence), or null once it is installed. */
export function missingHaproxy() {
  if (existsSync(HAPROXY)) return null;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && !process.env.HAPROXY_PATH) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync('apt-get', ['install', '-y', '-qq', 'haproxy'], { stdio: 'ignore', env });
    } catch {
      try {
        execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
        execFileSync('apt-get', ['install', '-y', '-qq', 'haproxy'], { stdio: 'ignore', env });
      } catch {
        // Reported below.
      }
    }
  }
  return existsSync(HAPROXY)
    ? null
    : `HAProxy is not at ${HAPROXY} and could not be installed (apt-get install -y haproxy, or set HAPROXY_PATH)`;
}

/**
 * HAProxy on a free loopback port terminating TLS with HTTP/2 (and HTTP/1.1) in front of the
 * server at `targetPort`, as docs/load-balancer.md configures it, with a certificate for
 * localhost made for this run (openssl). `url` is https://localhost:{port}; a browser must be
 * told to accept the certificate. `stop()` ends it and removes its files.
 */
export async function startTlsBalancer(targetPort) {
  const folder = mkdtempSync(join(tmpdir(), 'chain-tls-'));
  const key = join(folder, 'key.pem');
  const cert = join(folder, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  const pem = join(folder, 'site.pem');
  writeFileSync(pem, `${readFileSync(cert, 'utf8')}${readFileSync(key, 'utf8')}`);
  const port = await freePort();
  const config = join(folder, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 2000',
      'defaults',
      '  mode http',
      '  timeout connect 1s',
      '  timeout client 60s',
      '  timeout server 60s',
      'frontend www',
      `  bind 127.0.0.1:${port} ssl crt ${pem} alpn h2,http/1.1`,
      '  option forwardfor',
      '  http-request set-header X-Forwarded-Proto https',
      '  default_backend app',
      'backend app',
      `  server app 127.0.0.1:${targetPort}`,
      '',
    ].join('\n'),
  );
  const balancer = spawn(HAPROXY, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = async () => {
    if (balancer.exitCode === null && balancer.signalCode === null) {
      balancer.kill('SIGTERM');
      await new Promise((resolve) => balancer.once('exit', resolve));
    }
    rmSync(folder, { recursive: true, force: true });
  };
  // Listening once a TLS connection is accepted (within 10 s).
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (balancer.exitCode !== null) {
      await stop();
      throw new Error(`HAProxy exited with ${balancer.exitCode}`);
    }
    const accepted = await new Promise((resolve) => {
      const socket = connect({ host: '127.0.0.1', port, servername: 'localhost', rejectUnauthorized: false }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (accepted) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error('HAProxy did not listen within 10 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: `https://localhost:${port}`, stop };
}
