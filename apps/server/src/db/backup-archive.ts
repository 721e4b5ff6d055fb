import { gunzipSync } from 'node:zlib';
import { DATA_DIR_LOCK_FILE } from './data-dir-lock';

/*
 * A PGlite backup (issue 32, decision 058) is the data folder as PGlite's own dumpDataDir()
 * writes it — a ustar archive of the folder's files, the one PGlite loads back (loadDataDir) —
 * gzip-compressed, without the folder's lock file (data-dir-lock.ts): that file names the
 * process that held the folder when the copy was taken, and restored it would name a server
 * that is not running there.
 */

/** The media type of a backup file (`npm run backup` writes one, `npm run restore` reads it). */
export const BACKUP_MEDIA_TYPE = 'application/gzip';

/** Files every PGlite data folder has: without them an archive is not a database's copy. */
const REQUIRED_FILES = ['PG_VERSION', 'global/pg_control'] as const;

const BLOCK = 512;

/** A backup file that is not a complete, intact copy of a PGlite data folder. */
export class BackupArchiveError extends Error {
  constructor(message: string) {
    super(`Not a usable PGlite backup: ${message}`);
    this.name = 'BackupArchiveError';
  }
}

interface TarEntry {
  /** The path in the folder, without a leading `/` or `./`. */
  path: string;
  /** Offsets in the archive: the header's first byte, and the byte after the entry's padded data. */
  start: number;
  end: number;
}

const text = (bytes: Uint8Array) =>
  new TextDecoder().decode(bytes.subarray(0, bytes.indexOf(0) === -1 ? bytes.length : bytes.indexOf(0)));

/** An octal number field of a header (NUL- or space-terminated); null when it is not one. */
function octal(bytes: Uint8Array): number | null {
  const digits = text(bytes).trim();
  return /^[0-7]{1,12}$/.test(digits) ? parseInt(digits, 8) : null;
}

/**
 * The entries of a ustar archive, each header's checksum checked, up to the end-of-archive
 * block; throws BackupArchiveError on a damaged or cut-off archive.
 */
function tarEntries(tar: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  for (let offset = 0; ;) {
    if (offset + BLOCK > tar.length) throw new BackupArchiveError('the archive is cut off (no end-of-archive block)');
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return entries;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0);
    if (octal(header.subarray(148, 156)) !== sum) throw new BackupArchiveError(`a damaged header at byte ${offset}`);
    const size = octal(header.subarray(124, 136));
    if (size === null) throw new BackupArchiveError(`a damaged size at byte ${offset}`);
    const prefix = text(header.subarray(257, 262)) === 'ustar' ? text(header.subarray(345, 500)) : '';
    const path = `${prefix}${prefix ? '/' : ''}${text(header.subarray(0, 100))}`.replace(/^(\.?\/)+/, '');
    const end = offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (end > tar.length) throw new BackupArchiveError(`the archive is cut off inside ${path}`);
    entries.push({ path, start: offset, end });
    offset = end;
  }
}

/** The archive without the folder's lock file, ending with the two end-of-archive blocks. */
export function withoutLockFile(tar: Uint8Array): Uint8Array {
  const kept = tarEntries(tar).filter((entry) => entry.path !== DATA_DIR_LOCK_FILE);
  const out = new Uint8Array(kept.reduce((total, entry) => total + entry.end - entry.start, 0) + 2 * BLOCK);
  let at = 0;
  for (const entry of kept) {
    out.set(tar.subarray(entry.start, entry.end), at);
    at += entry.end - entry.start;
  }
  return out;
}

/**
 * A backup file's archive, checked: gunzipped (an uncompressed archive is taken as it is), every
 * header intact, the folder's required files present. Returns the archive and its file count.
 */
export function readBackup(file: Uint8Array): { tar: Uint8Array; files: number } {
  let tar: Uint8Array;
  try {
    tar = file[0] === 0x1f && file[1] === 0x8b ? gunzipSync(file) : file;
  } catch (error) {
    throw new BackupArchiveError(
      `the gzip stream is damaged (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const entries = tarEntries(tar);
  const paths = new Set(entries.map((entry) => entry.path));
  const missing = REQUIRED_FILES.filter((path) => !paths.has(path));
  if (missing.length > 0) throw new BackupArchiveError(`${missing.join(' and ')} missing (not a PGlite data folder)`);
  return { tar, files: entries.length };
}
