/** The llms files' worker thread (see llms-output.ts), run by piscina: writes them and answers their sizes and the whole-site file's layout. */
import { writeLlmsInto, type LlmsContent } from './llms-output.ts';
import type { LlmsWritten } from './llms.ts';

export default function writeLlms({ outDir, content }: { outDir: string; content: LlmsContent }): Promise<LlmsWritten> {
  return writeLlmsInto(outDir, content);
}
