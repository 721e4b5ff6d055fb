import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BackupArchiveError, readBackup, withoutLockFile } from './backup-archive';
import { DATA_DIR_LOCK_FILE } from './data-dir-lock';

// Issue 32, decision 058: a PGlite backup is the data folder's tar, gzip-compressed, without the
// folder's lock; a restore takes only an intact archive of a data folder.

/** One ustar entry (header and padded data), as PGlite's dumpDataDir writes them. */
function entry(path: string, content: string): Uint8Array {
  const data = new TextEncoder().encode(content);
  const header = new Uint8Array(512);
  const put = (at: number, text: string) => header.set(new TextEncoder().encode(text), at);
  put(0, path);
  put(100, '0000644\0');
  put(124, `${data.length.toString(8).padStart(11, '0')}\0`);
  put(136, '00000000000\0');
  put(156, '0');
  put(257, 'ustar\x0000');
  put(148, '        ');
  const sum = header.reduce((total, byte) => total + byte, 0);
  put(148, `${sum.toString(8).padStart(6, '0')}\0 `);
  const out = new Uint8Array(512 + Math.ceil(data.length / 512) * 512);
  out.set(header);
  out.set(data, 512);
  return out;
}

function tar(...entries: Uint8Array[]): Uint8Array {
  const parts = [...entries, new Uint8Array(1024)];
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const folder = () =>
  tar(
    entry('/PG_VERSION', '17\n'),
    entry(`/${DATA_DIR_LOCK_FILE}`, '{"pid":1}\n'),
    entry('/global/pg_control', 'x'.repeat(700)),
  );

describe('PGlite backup archives (issue 32, decision 058)', () => {
  it('drops the lock file and keeps every other entry byte for byte', () => {
    const stripped = withoutLockFile(folder());
    expect(stripped).toEqual(tar(entry('/PG_VERSION', '17\n'), entry('/global/pg_control', 'x'.repeat(700))));
    expect(readBackup(gzipSync(stripped)).files).toBe(2);
  });

  it('reads a gzip-compressed or a plain archive of a data folder', () => {
    expect(new Uint8Array(readBackup(gzipSync(folder())).tar)).toEqual(folder());
    expect(readBackup(folder()).files).toBe(3);
  });

  it('refuses a damaged gzip stream, a cut-off archive, a damaged header and an archive that is not a data folder', () => {
    const gz = gzipSync(folder());
    expect(() => readBackup(gz.subarray(0, gz.length - 20))).toThrow(
      /^Not a usable PGlite backup: the gzip stream is damaged/,
    );
    expect(() => readBackup(folder().subarray(0, 1500))).toThrow(/^Not a usable PGlite backup: the archive is cut off/);
    const damaged = folder();
    damaged[5] = 0x41;
    expect(() => readBackup(damaged)).toThrow(/^Not a usable PGlite backup: a damaged header at byte 0/);
    expect(() => readBackup(tar(entry('/notes.txt', 'hello')))).toThrow(BackupArchiveError);
    expect(() => readBackup(tar(entry('/notes.txt', 'hello')))).toThrow(
      'PG_VERSION and global/pg_control missing (not a PGlite data folder)',
    );
  });
});
