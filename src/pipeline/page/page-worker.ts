/** A page-pool worker thread: builds the batches of pages it is sent (see page-pool.ts). */
import { workerData } from 'piscina';
import type { PageSource } from '../../shared/types.ts';
import { compileContextFrom } from '../compile/index.ts';
import { buildPages, type BuiltPage, type PageEnvironment } from './build-page.ts';
import type { PageWorkerSetup } from './page-pool.ts';

const setup = workerData as PageWorkerSetup;
const env: PageEnvironment = {
  compile: compileContextFrom(setup.compile),
  navigation: { ...setup.navigation, diagnostics: [] },
  render: setup.render,
  cache: setup.cache,
};

export default function buildBatch(pages: PageSource[]): Promise<BuiltPage[]> {
  return buildPages(pages, env, setup.outDir);
}
