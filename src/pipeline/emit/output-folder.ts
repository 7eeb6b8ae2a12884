/**
 * The build folder is reused, not emptied before a build: on this machine's ext4, writing
 * 10,000 pages just after removing the previous build's files took 4–8 s, writing over the
 * same files 0.6 s (and the removal itself 1–3 s). The result is the same as emptying it
 * first: the files a build does not write again are removed once everything else is written
 * (before the service worker lists the folder for precaching), and anything that is neither
 * a plain file nor a folder (a link, say) is removed at once, so no write can go through it.
 */
import { lstatSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FileDigest, OutputFile, Piece } from './output.ts';
import { streamOutput, streamOutputInBackground, writeOutput } from './write-output.ts';
import { addFoldersOf, isFileEntry, walkFolder, type FolderListing } from './walk-folder.ts';

export class OutputFolder {
  /** Files and folders of the previous build, as paths relative to the folder with `/`. */
  private readonly oldFiles = new Set<string>();
  private readonly oldDirs = new Set<string>();
  private readonly writtenPaths = new Set<string>();
  /** Of those, the files left as the previous build wrote them (cached pages in place, kept search shards). */
  private readonly keptPaths = new Set<string>();

  private constructor(readonly dir: string) {}

  /**
   * Opens `dir` for a build: created when missing, listed when it holds a previous build.
   * `listing`: the folder as just listed for the build stamp, so a cached build does not walk
   * it twice.
   */
  static open(dir: string, listing?: FolderListing): OutputFolder {
    const folder = new OutputFolder(dir);
    const stat = lstatSync(dir, { throwIfNoEntry: false });
    if (stat && !stat.isDirectory()) rmSync(dir, { force: true });
    mkdirSync(dir, { recursive: true });
    if (stat?.isDirectory() && listing) {
      for (const entry of listing) (isFileEntry(entry) ? folder.oldFiles : folder.oldDirs).add(String(entry[0]));
    } else if (stat?.isDirectory() && !folder.list()) {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      folder.oldFiles.clear();
      folder.oldDirs.clear();
    }
    return folder;
  }

  /** Lists the old folder without following links (removing them); false past MAX_FOLDER_ENTRIES (the folder is then removed whole). */
  private list(): boolean {
    return walkFolder(this.dir, (path, entry) => {
      if (entry.isDirectory()) this.oldDirs.add(path);
      else if (entry.isFile()) this.oldFiles.add(path);
      else rmSync(join(this.dir, path), { force: true });
    });
  }

  /**
   * Clears the way for files about to be written: an old file standing where one of their
   * folders goes, an old folder where a file goes. Something this build wrote is never removed,
   * so a clash within one build still fails as it would in an empty folder. Answers whether
   * anything was removed.
   */
  makeWay(paths: Iterable<string>): boolean {
    let removed = false;
    for (const path of paths) {
      if (this.oldDirs.has(path) && !this.wroteUnder(path)) removed = this.removeOld(path);
      for (let at = path.lastIndexOf('/'); at > 0; at = path.lastIndexOf('/', at - 1)) {
        const parent = path.slice(0, at);
        if (this.oldFiles.has(parent) && !this.writtenPaths.has(parent)) removed = this.removeOld(parent);
      }
    }
    return removed;
  }

  /** Writes files from this thread (clearing their way first, then noting them); answers their digests. */
  async write(files: OutputFile[]): Promise<FileDigest[]> {
    this.makeWay(files.map((f) => f.path));
    const digests = await writeOutput(this.dir, files);
    this.wrote(files.map((f) => f.path));
    return digests;
  }

  /** Writes one file from pieces as they come, as `write` does; answers its size in bytes. */
  async stream(path: string, pieces: Iterable<Piece> | AsyncIterable<Piece>): Promise<number> {
    this.makeWay([path]);
    const bytes = await streamOutput(this.dir, path, pieces);
    this.wrote([path]);
    return bytes;
  }

  /** As `stream`, its writes on libuv's threads while this thread goes on (see write-output.ts); await it before removeStale. Answers the file's digest (its revision when asked for). */
  streamInBackground(path: string, pieces: Iterable<Piece>, withRevision = false): Promise<FileDigest> {
    this.makeWay([path]);
    this.wrote([path]);
    return streamOutputInBackground(this.dir, path, pieces, withRevision);
  }

  /** The files this build wrote or kept: once removeStale has run, every file of the folder. */
  files(): ReadonlySet<string> {
    return this.writtenPaths;
  }

  /** The files this build kept as the previous build left them (see `kept`). */
  keptFiles(): ReadonlySet<string> {
    return this.keptPaths;
  }

  /** Notes files of the previous build that this build keeps as they are, untouched. */
  kept(paths: Iterable<string>): void {
    for (const p of paths) {
      this.writtenPaths.add(p);
      this.keptPaths.add(p);
    }
  }

  /** Notes files this build wrote (in this thread or a worker), so they are kept. */
  wrote(paths: Iterable<string>): void {
    for (const p of paths) this.writtenPaths.add(p);
  }

  /** Removes every old file and folder this build did not write again; answers how many files went. */
  removeStale(): number {
    // The folders that hold a file of this build; every other old folder goes whole.
    const kept = new Set<string>();
    for (const path of this.writtenPaths) addFoldersOf(path, kept);
    const goneWithFolder = (path: string) => {
      const parent = path.slice(0, Math.max(0, path.lastIndexOf('/')));
      return parent !== '' && !kept.has(parent);
    };
    for (const dir of this.oldDirs) if (!kept.has(dir) && !goneWithFolder(dir)) rmSync(join(this.dir, dir), { recursive: true, force: true });
    let removed = 0;
    for (const file of this.oldFiles) {
      if (this.writtenPaths.has(file)) continue;
      // force: a file gone since the listing (a cache kept inside the folder, say) is simply gone.
      if (!goneWithFolder(file)) rmSync(join(this.dir, file), { force: true });
      removed++;
    }
    this.oldFiles.clear();
    this.oldDirs.clear();
    return removed;
  }

  private wroteUnder(dir: string): boolean {
    for (const p of this.writtenPaths) if (p.startsWith(dir + '/')) return true;
    return false;
  }

  /** Removes an old file or folder (answers true, for makeWay). */
  private removeOld(path: string): true {
    rmSync(join(this.dir, path), { recursive: true, force: true });
    this.oldFiles.delete(path);
    for (const set of [this.oldFiles, this.oldDirs]) for (const p of set) if (p.startsWith(path + '/')) set.delete(p);
    this.oldDirs.delete(path);
    return true;
  }
}
