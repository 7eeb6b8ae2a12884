/** Tool results shared by the tools: an error the assistant can act on (the MCP `isError` result). */

export function toolError(message: string) {
  return { content: [{ type: 'text' as const, text: message }], isError: true };
}
