/** A page-pool worker thread: builds the batches of pages it is sent (see page-pool.ts). */
import { workerData } from 'piscina';
import type { PageSource } from '../../shared/types.ts';
import { compileContextFrom } from '../compile/index.ts';
import { buildPages, type PageEnvironment } from './build-page.ts';
import type { BuiltPage } from '../built-page.ts';
import type { PageWorkerData, PageWorkerSetup, SetupMessage } from './page-pool.ts';

interface Ready {
  env: PageEnvironment;
  outDir?: string;
}

function environment(setup: PageWorkerSetup): Ready {
  return {
    env: {
      compile: compileContextFrom(setup.compile),
      navigation: { ...setup.navigation, diagnostics: [] },
      render: setup.render,
      cache: setup.cache,
    },
    outDir: setup.outDir,
  };
}

/** The setup from workerData, or the first one heard on the setup channel (asked for once the pipeline is imported). */
function receive(data: PageWorkerData): Promise<Ready> {
  if ('setup' in data) return Promise.resolve(environment(data.setup));
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(data.setupChannel);
    channel.onmessage = (event) => {
      const message = (event as MessageEvent<SetupMessage>).data;
      if (message.kind !== 'setup') return; // another worker asking
      channel.close();
      resolve(environment(message.setup));
    };
    channel.postMessage({ kind: 'ready' } satisfies SetupMessage);
  });
}

const ready = receive(workerData as PageWorkerData);

export default async function buildBatch(pages: PageSource[]): Promise<BuiltPage[]> {
  const { env, outDir } = await ready;
  return buildPages(pages, env, outDir);
}
