/**
 * Messages of the dashboard feature, in both languages. Kept in their own file so features can grow their copy
 * side by side; merged into the catalogues by en.ts and ar.ts. Keys start with 'dashboard.'.
 */
export const dashboardEn = {} as const satisfies Record<`dashboard.${string}`, string>;

export const dashboardAr: Readonly<Record<keyof typeof dashboardEn, string>> = {};
