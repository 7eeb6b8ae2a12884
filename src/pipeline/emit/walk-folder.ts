/**
 * One walk of a folder tree, for the output folder (output-folder.ts lists the previous build
 * there) and the build stamp (cache/build-stamp.ts lists what a build left). Links are never
 * followed: an entry that is a link comes to the visitor as what it is, not what it points to.
 */
import { readdirSync, type Dirent, type Stats } from 'node:fs';
import { join } from 'node:path';

/**
 * A folder's entries as the build stamp lists them and the output folder takes them:
 * [path, ino, mtimeMs, ctimeMs] for a folder, [path, size, ino, mtimeMs, ctimeMs] for a file.
 */
export type FolderListing = (string | number)[][];

/** Whether a listing's entry is a file's (else a folder's). */
export const isFileEntry = (entry: (string | number)[]): boolean => entry.length === 5;

/** A listing's entry for what `stat` (an lstat of `path`) describes. */
export function listingEntry(path: string, stat: Stats): (string | number)[] {
  return stat.isDirectory() ? [path, stat.ino, stat.mtimeMs, stat.ctimeMs] : [path, stat.size, stat.ino, stat.mtimeMs, stat.ctimeMs];
}

/** Entries walked at most: more than any build of ours makes. */
export const MAX_FOLDER_ENTRIES = 2_000_000;

/**
 * Calls `visit` for each entry under `dir` with its path relative to `dir` (`/`-separated),
 * names sorted in each folder, a folder's own entry before its contents. Answers false once
 * `visit` returns false or past MAX_FOLDER_ENTRIES entries, true when the whole tree was seen.
 */
export function walkFolder(dir: string, visit: (path: string, entry: Dirent) => boolean | void): boolean {
  const pending = [''];
  let entries = 0;
  for (let rel = pending.pop(); rel !== undefined; rel = pending.pop()) {
    const listed = readdirSync(join(dir, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of listed) {
      if (++entries > MAX_FOLDER_ENTRIES) return false;
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (visit(path, entry) === false) return false;
      if (entry.isDirectory()) pending.push(path);
    }
  }
  return true;
}

/** Adds the folders that hold `path` (`a/b/c.html`: `a/b`, `a`) to `folders`; stops at one already there, as its own are too. */
export function addFoldersOf(path: string, folders: Set<string>): void {
  for (let at = path.lastIndexOf('/'); at > 0; at = path.lastIndexOf('/', at - 1)) {
    const folder = path.slice(0, at);
    if (folders.has(folder)) return;
    folders.add(folder);
  }
}
