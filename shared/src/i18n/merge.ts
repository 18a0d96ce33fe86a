type TUnionToIntersection<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void
  ? I
  : never;

/**
 * Merges catalogue parts into one catalogue. A call marked pure (unlike an object spread, which bundlers keep
 * in case a getter runs) lets a bundle that never reads the whole catalogue drop it and every part with it.
 */
export function mergeMessages<T extends readonly object[]>(
  ...parts: T
): Readonly<TUnionToIntersection<T[number]>> {
  return Object.assign({}, ...parts) as Readonly<TUnionToIntersection<T[number]>>;
}
