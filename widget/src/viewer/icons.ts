export { PLAY } from '../core/icons.js';

export const CLOSE = 'M6 6l12 12M18 6L6 18';
/** Points to the end side in LTR; `.lv-flip` mirrors it in RTL. */
export const CHEVRON = 'M9 5l7 7-7 7';
export const PAUSE = 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z';
export const SOUND = 'M4 9.5h3.5L12 5.5v13l-4.5-4H4zM16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11';
export const MUTED = 'M4 9.5h3.5L12 5.5v13l-4.5-4H4zM16.5 9.5l5 5M21.5 9.5l-5 5';
