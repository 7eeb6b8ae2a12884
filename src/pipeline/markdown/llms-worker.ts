/** The llms files' worker thread (see llms-output.ts), run by piscina: writes them and answers their sizes. */
import { writeLlmsInto, type LlmsContent } from './llms-output.ts';

export default function writeLlms({ outDir, content }: { outDir: string; content: LlmsContent }): Promise<Map<string, number>> {
  return writeLlmsInto(outDir, content);
}
