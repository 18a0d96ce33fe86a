/** The part after a colon: "highlight:123" → "123" (product §7). Stored ids and widget requests both use it. */
export const highlightIdOf = (sourceId: string) =>
  sourceId.includes(':') ? sourceId.slice(sourceId.lastIndexOf(':') + 1) : sourceId;
