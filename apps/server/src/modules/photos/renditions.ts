import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, sep } from 'node:path';
import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import type { PhotoFormat, PhotoWidth } from '@chain/domain';

/** A source file larger than this is not read (a menu photo is a few MB at most). */
export const PHOTO_SOURCE_MAX_BYTES = 20 * 1024 * 1024;
/** A source that decodes to more pixels than this is refused: a small file can hold a huge picture. */
export const PHOTO_SOURCE_MAX_PIXELS = 50_000_000;
/** A rendition is at most this many times as tall as it is wide (an SVG may say anything). */
const MAX_HEIGHT_PER_WIDTH = 4;
/** What sharp may read a source as: the types a chain's menu photos come in. */
const SOURCE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'svg']);
/**
 * Everything besides the source and the size that decides a rendition's bytes. A new value makes
 * every rendition again under new names (and new ETags). AVIF at effort 2: 5 to 8 times faster to
 * make than the default 4, for 7 to 8 % more bytes (decision 034).
 */
const RECIPE = `1 sharp ${sharp.versions.sharp} avif q50 e2, webp q80 e4`;
/** Sources whose content hash is remembered, by path, size, time and inode. */
const KNOWN_SOURCES_MAX = 4096;

/** A rendition that can be answered: its ETag, and its bytes once asked for. */
export interface Rendition {
  etag: string;
  bytes(): Promise<Buffer>;
}

/** A source that exists but cannot be made into a picture (broken, too large, not a picture). */
export class UnreadablePhotoError extends Error {
  constructor(
    readonly source: string,
    reason: string,
  ) {
    super(`photo source ${source} cannot be read: ${reason}`);
    this.name = 'UnreadablePhotoError';
  }
}

/** At most `limit` tasks at once; the rest wait their turn in order. */
export class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  /**
   * Runs the task once a place is free. With `bound`, a task finding `maxQueued` others already
   * waiting, or waiting longer than `maxWaitMs`, is not run: GateBusyError (issue 30, second read:
   * strangers' uploads queued without end behind one guest's burst, past every request timeout).
   */
  async run<T>(task: () => Promise<T>, bound?: { maxQueued: number; maxWaitMs: number }): Promise<T> {
    if (this.running < this.limit) this.running += 1;
    else if (bound && this.waiting.length >= bound.maxQueued)
      throw new GateBusyError(`${this.waiting.length} already waiting`);
    // The finishing task hands its place over, so the count stays as it is.
    else if (!bound) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else await this.waitAtMost(bound.maxWaitMs);
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** A place handed over within `ms`, else out of the queue and GateBusyError. */
  private waitAtMost(ms: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const handOver = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(handOver);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(new GateBusyError(`no place within ${ms} ms`));
      }, ms);
      this.waiting.push(handOver);
    });
  }
}

/** A bounded Gate.run that found the queue full or waited past its bound: the task did not run. */
export class GateBusyError extends Error {
  constructor(detail: string) {
    super(`busy: ${detail}`);
    this.name = 'GateBusyError';
  }
}

export interface PhotoRenditionsOptions {
  mediaDir: string;
  cacheDir: string;
  /** Renditions made at once by this instance; by default half the cores, at least one. */
  concurrency?: number;
  /** Told of each rendition made (how long it took). */
  log?: Pick<FastifyBaseLogger, 'info'>;
  /**
   * Menu photos managers uploaded (issue 31), kept in the database as the server encoded them
   * again: the bytes of `uploads/{name}`, or null when there is none.
   */
  uploads?: (name: string) => Promise<Buffer | null>;
}

/** Where the photos managers upload are, under the media path: /media/uploads/{name}. */
export const UPLOADS_FOLDER = 'uploads/';

/** A source found: its content hash and how to read it. */
interface Source {
  hash: string;
  read: () => Promise<Buffer>;
}

/**
 * Menu photos at the widths and in the formats of packages/domain/src/photos.ts (decision 034),
 * made from any JPEG, PNG, WebP, GIF or SVG under the media folder on first request and kept in
 * the cache folder under a name made of the source's content, the size, the format and the
 * recipe: a changed source gets new renditions, and instances sharing the folder share them.
 * A file appears there whole or not at all (written aside, then renamed), and one instance makes
 * one rendition once however many ask for it at the same moment.
 */
export class PhotoRenditions {
  private readonly gate: Gate;
  private readonly making = new Map<string, Promise<Buffer>>();
  private readonly known = new Map<string, string>();
  private mediaRoot: Promise<string> | undefined;

  constructor(private readonly options: PhotoRenditionsOptions) {
    this.gate = new Gate(options.concurrency ?? Math.max(1, Math.floor(availableParallelism() / 2)));
  }

  /**
   * The rendition of `source` (a path under the media folder, already checked by
   * isPhotoSourcePath), or null when no such file is inside the media folder.
   */
  async find(source: string, width: PhotoWidth, format: PhotoFormat): Promise<Rendition | null> {
    const file = await this.sourceFile(source);
    if (file === null) return null;
    const key = createHash('sha256')
      .update(`${RECIPE}\n${file.hash}\n${width}\n${format}`)
      .digest('base64url')
      .slice(0, 32);
    return {
      etag: `"${key}"`,
      bytes: () => this.bytes(`${key}.${format}`, () => this.make(source, file.read, width, format)),
    };
  }

  /** The source's content hash and reader: an uploaded photo from the database, else a file of the media folder. */
  private async sourceFile(source: string): Promise<Source | null> {
    if (source.startsWith(UPLOADS_FOLDER) && this.options.uploads) {
      const name = source.slice(UPLOADS_FOLDER.length);
      const bytes = await this.options.uploads(name);
      // An upload's name is its content's hash (it never changes under one name).
      return bytes && { hash: name, read: async () => bytes };
    }
    const found = await this.mediaFile(source);
    return found && { hash: found.hash, read: () => readFile(found.path) };
  }

  /** The source's real path and content hash, or null when it is missing or outside the media folder. */
  private async mediaFile(source: string): Promise<{ path: string; hash: string } | null> {
    this.mediaRoot ??= realpath(this.options.mediaDir);
    const root = await this.mediaRoot;
    let path: string;
    try {
      // Links are followed, then the file must still be inside the media folder.
      path = await realpath(join(root, source));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    if (!path.startsWith(root + sep)) return null;
    const facts = await stat(path);
    if (!facts.isFile()) return null;
    if (facts.size > PHOTO_SOURCE_MAX_BYTES)
      throw new UnreadablePhotoError(source, `${facts.size} bytes, over ${PHOTO_SOURCE_MAX_BYTES}`);
    const identity = `${path}\n${facts.size}\n${facts.mtimeMs}\n${facts.ino}`;
    let hash = this.known.get(identity);
    if (hash === undefined) {
      hash = createHash('sha256')
        .update(await readFile(path))
        .digest('base64url');
      if (this.known.size >= KNOWN_SOURCES_MAX) this.known.delete(this.known.keys().next().value ?? '');
      this.known.set(identity, hash);
    }
    return { path, hash };
  }

  /** The kept file's bytes, or made once (one making per name in this instance) and kept. */
  private async bytes(name: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const file = join(this.options.cacheDir, name);
    const kept = await readKept(file);
    if (kept) return kept;
    let made = this.making.get(name);
    if (!made) {
      made = this.gate
        .run(async () => {
          // Made by another instance, or by this one, while this request waited its turn.
          const kept = await readKept(file);
          return kept ?? this.keep(file, await make());
        })
        .finally(() => this.making.delete(name));
      this.making.set(name, made);
    }
    return made;
  }

  private async keep(file: string, bytes: Buffer): Promise<Buffer> {
    // Created, or created again after someone emptied it, before each rendition is kept.
    await mkdir(this.options.cacheDir, { recursive: true, mode: 0o700 });
    const aside = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(aside, bytes, { flag: 'wx' });
      await rename(aside, file);
    } catch (error) {
      await rm(aside, { force: true });
      throw error;
    }
    return bytes;
  }

  private async make(
    source: string,
    read: () => Promise<Buffer>,
    width: PhotoWidth,
    format: PhotoFormat,
  ): Promise<Buffer> {
    const started = performance.now();
    const made = await this.render(source, read, width, format);
    this.options.log?.info(
      { source, width, format, bytes: made.length, ms: Math.round(performance.now() - started) },
      'menu photo rendition made',
    );
    return made;
  }

  private async render(
    source: string,
    read: () => Promise<Buffer>,
    width: PhotoWidth,
    format: PhotoFormat,
  ): Promise<Buffer> {
    const input = await read();
    if (input.length > PHOTO_SOURCE_MAX_BYTES)
      throw new UnreadablePhotoError(source, `${input.length} bytes, over ${PHOTO_SOURCE_MAX_BYTES}`);
    try {
      // Read from memory, never from its path: an SVG then cannot pull in other files.
      const metadata = await sharp(input, { limitInputPixels: PHOTO_SOURCE_MAX_PIXELS }).metadata();
      if (!SOURCE_FORMATS.has(metadata.format)) throw new UnreadablePhotoError(source, `a ${metadata.format} file`);
      const vector = metadata.format === 'svg';
      // An SVG is drawn at the size asked (its own size is only a default); a raster is never enlarged.
      const density = vector ? svgDensity(metadata.width, metadata.height, width) : undefined;
      const image = sharp(input, { limitInputPixels: PHOTO_SOURCE_MAX_PIXELS, ...(density ? { density } : {}) })
        .autoOrient()
        .resize({ width, height: width * MAX_HEIGHT_PER_WIDTH, fit: 'inside', withoutEnlargement: !vector });
      return await (
        format === 'avif' ? image.avif({ quality: 50, effort: 2 }) : image.webp({ quality: 80, effort: 4 })
      ).toBuffer();
    } catch (error) {
      if (error instanceof UnreadablePhotoError) throw error;
      throw new UnreadablePhotoError(source, error instanceof Error ? error.message : String(error));
    }
  }
}

/** The density (sharp's dots per inch; 72 draws an SVG at its own size) that draws it at least `width` wide within the height bound. */
function svgDensity(ownWidth: number, ownHeight: number, width: number): number {
  const scale = Math.min(width / Math.max(1, ownWidth), (width * MAX_HEIGHT_PER_WIDTH) / Math.max(1, ownHeight));
  return Math.min(100_000, Math.max(1, 72 * scale));
}

/** A kept rendition's bytes, or null when it is not made yet. */
async function readKept(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
