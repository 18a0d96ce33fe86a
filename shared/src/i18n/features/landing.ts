/**
 * Messages of the landing feature, in both languages. Kept in their own file so features can grow their copy
 * side by side; merged into the catalogues by en.ts and ar.ts. Keys start with 'landing.'.
 */
export const landingEn = {} as const satisfies Record<`landing.${string}`, string>;

export const landingAr: Readonly<Record<keyof typeof landingEn, string>> = {};
