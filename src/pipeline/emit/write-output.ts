/** Stage 5, emit: writes the output files into the build folder. */
import { closeSync, copyFileSync, mkdirSync, openSync, read, readFileSync, readSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { outputTarget } from '../policy/paths.ts';
import { createHash, hash, type Hash } from 'node:crypto';
import { asBytes, isFileRange, written, type FileDigest, type FileRange, type OutputFile, type Piece } from './output.ts';

/**
 * Writes files under `outDir` (parents created as needed). Every path is checked to land
 * inside `outDir` after normalisation; one that would not throws before anything is written
 * (routes are checked when pages load, so this is the last guard). The writes are synchronous:
 * output files are small and many, and handing each to libuv's thread pool cost more in
 * thread hand-offs than the writes themselves (a warm 2,000-page build spent most of its
 * time in the kernel). Answers the digest of each file written from contents in memory.
 */
export async function writeOutput(outDir: string, files: OutputFile[], known: FileDigest[] = []): Promise<FileDigest[]> {
  const targets = files.map((f) => outputTarget(outDir, f.path));
  for (const d of new Set(targets.map((t) => dirname(t)))) mkdirSync(d, { recursive: true });
  const digests: FileDigest[] = [];
  for (const [i, f] of files.entries()) {
    if ('copyFrom' in f) copyFileSync(f.copyFrom, targets[i]!);
    else if ('pieces' in f) await writePieces(targets[i]!, f.pieces());
    else {
      const bytes = typeof f.contents === 'string' ? Buffer.from(f.contents) : f.contents;
      writeUnlessSame(targets[i]!, bytes);
      const cached = known.find((d) => d.path === f.path && d.size === bytes.byteLength);
      digests.push(cached ?? { path: f.path, size: bytes.byteLength, revision: revisionOf(bytes) });
    }
  }
  return digests;
}

/**
 * Writes a built page's files, keeps their digests on it and drops their contents (only
 * their paths are kept), for pages built here or in a worker and pages from the cache alike.
 * A page from the cache brings the digests its files had when it was built (the same bytes),
 * so they are not hashed again: that was half a second of a warm 10,000-page build.
 * `keepContents` leaves the contents for the cache entry, which is written after the files.
 */
export async function writeBuiltFiles(outDir: string, page: { outputs: OutputFile[]; digests?: FileDigest[] }, keepContents = false): Promise<void> {
  // Kept for the cache entry: encoded once, for the file and the entry alike.
  if (keepContents) page.outputs = page.outputs.map(asBytes);
  page.digests = await writeOutput(outDir, page.outputs, page.digests);
  if (!keepContents) page.outputs = page.outputs.map(written);
}

/** A precache revision: SHA-256 (hashed in hardware here, 2.5× MD5's speed), 128 bits of it (streamOutputInBackground makes the same). */
export function revisionOf(bytes: Uint8Array): string {
  return hash('sha256', bytes).slice(0, 32);
}

/**
 * Writes a file unless it already holds exactly these bytes (the build folder is reused, see
 * output-folder.ts). Comparing costs a read from the page cache; writing over a file costs
 * far more on ext4, which flushes a truncated-and-rewritten file when it is closed. An
 * unchanged file also keeps its modification time, which deploy tools that sync by time like.
 */
function writeUnlessSame(target: string, bytes: Uint8Array): void {
  const existing = statSync(target, { throwIfNoEntry: false });
  if (existing?.isFile() && existing.size === bytes.byteLength && readFileSync(target).equals(bytes)) return;
  writeFileSync(target, bytes);
}

/** Writes pieces to `target` as they come (synchronously, as above); answers the bytes written. */
async function writePieces(target: string, pieces: Iterable<Piece> | AsyncIterable<Piece>): Promise<number> {
  const fd = openSync(target, 'w');
  let bytes = 0;
  try {
    for await (const piece of pieces) {
      if (isFileRange(piece)) for (const chunk of readRange(piece, (copyBuffer ??= Buffer.allocUnsafe(COPY_PIECE)))) bytes += writeAll(fd, chunk);
      else bytes += typeof piece === 'string' ? writeText(fd, piece) : writeAll(fd, piece);
    }
  } finally {
    closeSync(fd);
  }
  return bytes;
}

/** Ranges of other files are copied through one buffer of this size. */
const COPY_PIECE = 1 << 20;
let copyBuffer: Buffer | undefined;

/**
 * Writes pieces to `target` on libuv's threads, so that the main thread goes on with other
 * work meanwhile (the 136 MB of search records at 10,000 pages, copied mostly from the
 * previous build's file, beside the llms files); answers the bytes written. Pieces are asked
 * for between writes: text made by a generator is made on the main thread.
 */
async function writePiecesInBackground(target: string, pieces: Iterable<Piece> | AsyncIterable<Piece>, digest?: Hash): Promise<number> {
  const file = await open(target, 'w');
  let bytes = 0;
  try {
    const buffer = Buffer.allocUnsafe(COPY_PIECE);
    const writeWhole = async (data: Uint8Array) => {
      digest?.update(data);
      for (let at = 0; at < data.length; ) at += (await file.write(data, at)).bytesWritten;
      bytes += data.length;
    };
    for await (const piece of pieces) {
      if (!isFileRange(piece)) await writeWhole(typeof piece === 'string' ? Buffer.from(piece) : piece);
      else {
        for (let at = piece.start; at < piece.end; ) {
          const read = await readAsync(piece.fd, buffer, 0, Math.min(buffer.length, piece.end - at), at);
          if (read === 0) throw new Error(`a file ended at byte ${at}, before byte ${piece.end}`);
          at += read;
          await writeWhole(buffer.subarray(0, read));
        }
      }
    }
  } finally {
    await file.close();
  }
  return bytes;
}

const readAsync = (fd: number, buffer: Buffer, offset: number, length: number, position: number) =>
  new Promise<number>((resolve, reject) => read(fd, buffer, offset, length, position, (error, bytesRead) => (error ? reject(error) : resolve(bytesRead))));

/** UTF-16 units encoded at a time: at most 3 bytes each in UTF-8 (a surrogate pair is 4 bytes for 2). */
const TEXT_CHUNK = 1 << 18;
let scratch: Buffer | undefined;

/**
 * Writes a string through one buffer kept for the whole build: writeSync(fd, text) encodes
 * into a new buffer the size of the text (27 MB for the search index at 10,000 pages), and on
 * this kind of machine memory a process has not touched before is slow to touch (a fresh
 * 136 MB file took 330 ms to write, the same bytes over a just-freed one 30 ms).
 */
function writeText(fd: number, text: string): number {
  scratch ??= Buffer.allocUnsafe(TEXT_CHUNK * 3);
  let bytes = 0;
  for (let at = 0; at < text.length; ) {
    let end = Math.min(at + TEXT_CHUNK, text.length);
    // Never between the two halves of a surrogate pair.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    const length = scratch.write(at === 0 && end === text.length ? text : text.slice(at, end), 0);
    bytes += writeAll(fd, scratch.subarray(0, length));
    at = end;
  }
  return bytes;
}

function writeAll(fd: number, bytes: Uint8Array): number {
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
  return bytes.length;
}

/** A range of another file, read into `buffer` piece by piece: each piece holds only until the next is asked for. */
function* readRange(range: FileRange, buffer: Buffer): Generator<Uint8Array> {
  for (let at = range.start; at < range.end; ) {
    const read = readSync(range.fd, buffer, 0, Math.min(buffer.length, range.end - at), at);
    if (read === 0) throw new Error(`a file ended at byte ${at}, before byte ${range.end}`);
    at += read;
    yield buffer.subarray(0, read);
  }
}

/** Writes one file under `outDir` from pieces as they come (large generated files); answers its size in bytes. */
export async function streamOutput(outDir: string, relPath: string, pieces: Iterable<Piece> | AsyncIterable<Piece>): Promise<number> {
  const target = outputTarget(outDir, relPath);
  mkdirSync(dirname(target), { recursive: true });
  return writePieces(target, pieces);
}

/** As streamOutput, on libuv's threads (see writePiecesInBackground); answers the file's digest (its revision only when asked for). */
export async function streamOutputInBackground(outDir: string, relPath: string, pieces: Iterable<Piece> | AsyncIterable<Piece>, withRevision: boolean): Promise<FileDigest> {
  const target = outputTarget(outDir, relPath);
  mkdirSync(dirname(target), { recursive: true });
  const digest = withRevision ? createHash('sha256') : undefined;
  const size = await writePiecesInBackground(target, pieces, digest);
  return { path: relPath, size, revision: digest ? digest.digest('hex').slice(0, 32) : '' };
}
