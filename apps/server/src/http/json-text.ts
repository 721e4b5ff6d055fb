import { promisify } from 'node:util';
import { brotliCompress as brotliCompressCallback, constants as zlibConstants, gzip as gzipCallback } from 'node:zlib';

const brotliCompress = promisify(brotliCompressCallback);
const gzip = promisify(gzipCallback);

export type ContentEncoding = 'br' | 'gzip';

const COMPRESS: Record<ContentEncoding, (bytes: Buffer) => Promise<Buffer>> = {
  br: (bytes) =>
    brotliCompress(bytes, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes) => gzip(bytes, { level: zlibConstants.Z_BEST_COMPRESSION }),
};

/** Answers smaller than this are not worth compressing (the compress plugin's threshold). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * An answer already serialized to JSON text, e.g. kept in a cache: sent as is instead of being
 * serialized per request. Outside production it is checked against the contract once per object
 * (a cached object is checked once, not on every request).
 *
 * A `cached` answer also keeps its compressed forms: the first requests get the compress
 * plugin's quick per-request compression while the best compression runs off the event loop
 * (zlib's thread pool); later requests get those bytes as they are.
 */
export class JsonText {
  checked = false;
  #bytes: Buffer | undefined;
  readonly #encoded = new Map<ContentEncoding, Buffer | 'pending'>();

  constructor(
    readonly text: string,
    private readonly options: { cached?: boolean } = {},
  ) {}

  /** The UTF-8 bytes, encoded once: a cached answer is not encoded again per request. */
  get bytes(): Buffer {
    return (this.#bytes ??= Buffer.from(this.text, 'utf8'));
  }

  /** The compressed bytes when they are ready; starts making them on first ask. */
  encoded(encoding: ContentEncoding): Buffer | undefined {
    if (!this.options.cached || this.bytes.length < COMPRESS_FROM_BYTES) return undefined;
    const held = this.#encoded.get(encoding);
    if (held !== undefined) return held === 'pending' ? undefined : held;
    this.#encoded.set(encoding, 'pending');
    COMPRESS[encoding](this.bytes).then(
      (compressed) => this.#encoded.set(encoding, compressed),
      () => this.#encoded.delete(encoding),
    );
    return undefined;
  }
}

/** br, else gzip, when the client accepts it (a q=0 refuses); null for neither. */
export function acceptedEncoding(header: string | string[] | undefined): ContentEncoding | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}
