/** A file the build produces: its path under build/ and either its contents or a file to copy. */
export type OutputFile = { path: string; contents: string | Uint8Array } | { path: string; copyFrom: string };
