/**
 * Messages of the admin feature, in both languages. Kept in their own file so features can grow their copy
 * side by side; merged into the catalogues by en.ts and ar.ts. Keys start with 'admin.'.
 */
export const adminEn = {} as const satisfies Record<`admin.${string}`, string>;

export const adminAr: Readonly<Record<keyof typeof adminEn, string>> = {};
