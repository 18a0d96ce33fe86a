/**
 * Messages of the salla feature, in both languages. Kept in their own file so features can grow their copy
 * side by side; merged into the catalogues by en.ts and ar.ts. Keys start with 'salla.'.
 */
export const sallaEn = {} as const satisfies Record<`salla.${string}`, string>;

export const sallaAr: Readonly<Record<keyof typeof sallaEn, string>> = {};
