/** The admin area's own toaster (top-left, product §9); the site's toaster ignores toasts sent here. */
export const ADMIN_TOASTER_ID = 'admin';
