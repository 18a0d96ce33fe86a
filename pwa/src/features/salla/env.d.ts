interface ImportMetaEnv {
  /**
   * Lamha's page in the Salla App Store, used by the install button on /salla. Read when the PWA is built;
   * without it the button opens the Salla App Store (https://s.salla.sa/apps).
   */
  readonly VITE_SALLA_APP_INSTALL_URL?: string;
}
