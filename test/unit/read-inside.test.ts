/** The servers' file reads stay inside their folder: `..`, absolute paths and symlinks that lead out are refused. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readInside, sameHostPath } from '../../src/pipeline/serve/static-handler.ts';

test('readInside serves files of the folder and nothing outside it', async () => {
  const top = await mkdtemp(join(tmpdir(), 'qdb-read-inside-'));
  const dir = join(top, 'build');
  await mkdir(join(dir, 'a'), { recursive: true });
  await writeFile(join(dir, 'a', 'page.html'), 'inside');
  await writeFile(join(top, 'secret.txt'), 'SECRET');
  await symlink(join(top, 'secret.txt'), join(dir, 'leak.txt'));
  await symlink(top, join(dir, 'up'));
  assert.equal(Buffer.from((await readInside(dir, 'a/page.html'))!).toString(), 'inside');
  for (const rel of ['../secret.txt', '/etc/passwd', join(top, 'secret.txt'), 'leak.txt', 'up/secret.txt', 'a/../../secret.txt']) {
    assert.equal(await readInside(dir, rel), undefined, rel);
  }
});

test('sameHostPath keeps redirects on this host and encodes what a header cannot carry', () => {
  assert.equal(sameHostPath('//other.example/x/'), '/other.example/x/');
  assert.equal(sameHostPath('/\\other.example/'), '/other.example/');
  assert.equal(sameHostPath('/docs/a b/'), '/docs/a%20b/');
  assert.equal(sameHostPath('/docs/x/\r\nSet-Cookie: a'), '/docs/x/%0D%0ASet-Cookie:%20a');
  assert.equal(sameHostPath('/docs/what?#/'), '/docs/what%3F%23/');
});
