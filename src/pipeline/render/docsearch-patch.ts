/**
 * An esbuild plugin that fixes one line of @docsearch/react 3.9.0 (pinned exactly in
 * package.json). Its bundled autocomplete core ends every search with `setStatus('idle')`
 * in a `finally`, which overwrites the 'error' status DocSearch sets when the search
 * client fails with a RetryError, so the modal's error view ('Unable to fetch results')
 * can never show. The patch keeps 'error' when it is set. If a new version changes the
 * code, the build stops here instead of silently losing the error view.
 */
import type { Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';

const FILE = /@docsearch[\\/]react[\\/]dist[\\/]esm[\\/]index\.js$/;
const BEFORE = '.finally((function(){p("idle"),lt&&o.environment.clearTimeout(lt)}))';
const AFTER = '.finally((function(){"error"!==c.getState().status&&p("idle"),lt&&o.environment.clearTimeout(lt)}))';

export const docsearchErrorStatusPatch: Plugin = {
  name: 'docsearch-error-status',
  setup(build) {
    build.onLoad({ filter: FILE }, async (args) => {
      const code = await readFile(args.path, 'utf8');
      if (!code.includes(BEFORE)) {
        return { errors: [{ text: `@docsearch/react changed: the error-status patch in src/pipeline/render/docsearch-patch.ts no longer applies to ${args.path}. Check whether the new version shows its error view and update or remove the patch.` }] };
      }
      return { contents: code.replace(BEFORE, AFTER), loader: 'js' };
    });
  },
};
