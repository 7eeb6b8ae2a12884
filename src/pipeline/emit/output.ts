import { readSync } from 'node:fs';

/** Bytes [start, end) of a file open for reading: a previous build's file that a new one copies from. */
export interface FileRange {
  fd: number;
  start: number;
  end: number;
}

/** A piece of a file made as it is written: text, UTF-8 bytes, or a range of another file. */
export type Piece = string | Uint8Array | FileRange;

/**
 * A file the build produces: its path under build/ and either its contents, a file to copy,
 * or pieces made as they are written (a large generated file, such as the search records of a
 * big site, whose whole text would be one 100+ MB string).
 */
export type OutputFile = { path: string; contents: string | Uint8Array } | { path: string; copyFrom: string } | { path: string; pieces: () => Iterable<Piece> };

export const isFileRange = (piece: Piece): piece is FileRange => typeof piece !== 'string' && !(piece instanceof Uint8Array);

/** A piece's bytes (a range read whole), for files kept in memory. */
export const bytesOfPiece = (piece: Piece): Buffer => (isFileRange(piece) ? bytesOfRange(piece) : Buffer.from(piece));

/** A range's bytes, read whole. */
function bytesOfRange(range: FileRange): Buffer {
  const bytes = Buffer.allocUnsafe(range.end - range.start);
  for (let at = 0; at < bytes.length; ) {
    const read = readSync(range.fd, bytes, at, bytes.length - at, range.start + at);
    if (read === 0) throw new Error(`a file ended at byte ${range.start + at}, before byte ${range.end}`);
    at += read;
  }
  return bytes;
}

/** A file's contents in memory (pieces joined); undefined for a file that is copied. */
export function contentsOf(file: OutputFile): string | Uint8Array | undefined {
  if ('contents' in file) return file.contents;
  if ('pieces' in file) {
    // Bytes are joined as bytes: a piece may end inside a character.
    const pieces = [...file.pieces()];
    return pieces.every((p) => typeof p === 'string') ? pieces.join('') : Buffer.concat(pieces.map(bytesOfPiece)).toString();
  }
  return undefined;
}

/** The file with its pieces joined, for builds that keep their output in memory. */
export function inMemory(file: OutputFile): OutputFile {
  return 'pieces' in file ? { path: file.path, contents: contentsOf(file)! } : file;
}

/**
 * The file with its text as UTF-8 bytes. Cache entries keep output this way (V8 serialises a
 * string holding any character beyond Latin-1 as UTF-16, twice the bytes), and a page that is
 * both written and stored is encoded once for both.
 */
export function asBytes(file: OutputFile): OutputFile {
  return 'contents' in file && typeof file.contents === 'string' ? { path: file.path, contents: Buffer.from(file.contents) } : file;
}

/**
 * What the build keeps of a file once it is written: its path (a copied file as it is). Pages,
 * cached pages and site files all drop their contents this way, so the build holds no output.
 */
export function written(file: OutputFile): OutputFile {
  return 'copyFrom' in file ? file : { path: file.path, contents: '' };
}

/**
 * What the service worker's precache needs of a file written: its size and a revision that
 * changes with its bytes. Taken while writing, from the bytes in hand, so the precache does not
 * read the whole build folder back to hash it (1.4 GB at 10,000 pages).
 */
export interface FileDigest {
  path: string;
  size: number;
  revision: string;
}
