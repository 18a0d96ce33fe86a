/**
 * The app-wide installable-app messages (offline strip, update prompt). Their keys keep the 'dashboard.pwa.'
 * prefix they were born with, but they are shown on every page, so they travel with the core catalogue rather
 * than with the dashboard's (which the web app loads only with the dashboard).
 */
export const pwaEn = {
  'dashboard.pwa.offline': 'You are offline. Changes are kept on this device and sent when you reconnect.',
  'dashboard.pwa.updateAvailable': 'A new version of Lamha is available.',
  'dashboard.pwa.reload': 'Reload',
  'dashboard.pwa.later': 'Later',
} as const satisfies Record<`dashboard.pwa.${string}`, string>;

export const pwaAr: Readonly<Record<keyof typeof pwaEn, string>> = {
  'dashboard.pwa.offline': 'أنت غير متصل بالإنترنت. تُحفظ التغييرات على هذا الجهاز وتُرسل عند عودة الاتصال.',
  'dashboard.pwa.updateAvailable': 'يتوفر إصدار جديد من لمحة.',
  'dashboard.pwa.reload': 'إعادة التحميل',
  'dashboard.pwa.later': 'لاحقًا',
};
