// The end-to-end layer drives Debian's Chromium (a test tool's own browser download fails on
// our machines). Installs the `chromium` package when it is missing and we run as root;
// otherwise stops with the command to run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || process.env.CHROMIUM_PATH) {
  console.error(
    `Chromium not found at ${path}. Install Debian's package: sudo apt-get update && sudo apt-get install -y chromium ` +
      '(or set CHROMIUM_PATH to a Chromium binary).',
  );
  process.exit(1);
}
console.log("Installing Debian's chromium package for the end-to-end tests...");
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
try {
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], { stdio: 'inherit', env });
} catch {
  console.error('Could not install chromium with apt-get; install it by hand: apt-get install -y chromium');
  process.exit(1);
}
if (!existsSync(path)) {
  console.error(`apt-get finished but ${path} is still missing`);
  process.exit(1);
}
