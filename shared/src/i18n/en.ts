/**
 * English catalogue. It defines the message keys: the Arabic catalogue must translate every one of them.
 * Placeholders are written `{name}` and filled by `formatMessage`.
 */
import { adminEn } from './features/admin.js';
import { dashboardEn } from './features/dashboard.js';
import { landingEn } from './features/landing.js';
import { sallaEn } from './features/salla.js';

const core = {
  'app.name': 'Lamha',
  'app.title': 'Lamha | Instagram feed for your store',
  'app.tagline': 'Your Instagram feed, beautifully embedded in your online store.',

  'common.loading': 'Loading...',
  'common.loadingPage': 'Loading Page...',
  'common.error': 'Error',
  'common.unexpectedError': 'An unexpected error occurred.',
  'common.invalidServerResponse': 'Invalid server response. Please try again.',
  'common.requestFailedStatus': 'Request failed with status {status}.',
  'common.backHome': 'Back to home',
  'common.comingSoonTitle': 'This page is being built',
  'common.comingSoonBody': 'We are putting the finishing touches on this page. Please check back soon.',

  'nav.main': 'Main navigation',
  'nav.skipToContent': 'Skip to content',
  'nav.home': 'Home',
  'nav.dashboard': 'Dashboard',
  'nav.features': 'Features',
  'nav.pricing': 'Pricing',
  'nav.support': 'Support',
  'nav.login': 'Login',
  'nav.getStarted': 'Get Started',
  'nav.openMenu': 'Open menu',
  'nav.closeMenu': 'Close menu',

  'language.label': 'Language',
  'language.ar': 'العربية',
  'language.en': 'English',
  'language.switchTo': 'Switch language to {language}',

  'footer.about': 'Lamha shows your Instagram posts and highlights on your online store, always up to date.',
  'footer.company': 'Company',
  'footer.product': 'Product',
  'footer.support': 'Support',
  'footer.legal': 'Legal',
  'footer.aboutUs': 'About Us',
  'footer.contactUs': 'Contact Us',
  'footer.features': 'Features',
  'footer.pricing': 'Pricing',
  'footer.dashboard': 'Dashboard',
  'footer.customerSupport': 'Customer Support',
  'footer.faq': 'FAQ',
  'footer.terms': 'Terms of Service',
  'footer.privacy': 'Privacy Policy',
  'footer.rights': '© {year} Lamha. All rights reserved.',

  'login.title': 'Sign in to Lamha',
  'login.subtitle': 'Enter your email and we will send you a magic link.',
  'login.emailLabel': 'Email address',
  'login.emailPlaceholder': 'name@example.com',
  'login.submit': 'Send Magic Link',
  'login.sending': 'Sending...',
  'login.explainer':
    'The link signs you in, or creates your account if you do not have one yet. No password needed.',
  'login.rateLimited': 'Please wait before requesting another magic link.',
  'login.success': 'If an account exists for this email, a magic link has been sent.',

  'checkEmail.title': 'Check your email',
  'checkEmail.body': 'We have sent a sign-in link to your email address. Open it on this device to continue.',
  'checkEmail.hint': 'It can take a minute to arrive. If you cannot find it, look in your spam folder.',
  'checkEmail.resend': 'Resend link',
  'checkEmail.resendUnavailable': 'To get a new link, go back to the login page and enter your email again.',
  'checkEmail.backToLogin': 'Back to login',

  'auth.signInError': 'Error signing in. Please try again.',
  'callback.title': 'Signing you in',
  'callback.initializing': 'Getting ready...',
  'callback.checking_session': 'Checking your session...',
  'callback.parsing_url': 'Reading your sign-in link...',
  'callback.exchanging_code': 'Verifying your magic link...',
  'callback.success': 'Signed in! Taking you to your dashboard...',
  'callback.error': 'Sign-in failed. Taking you back to the login page...',

  'password.title': 'Set Your Password',
  'password.description': 'Welcome! Please set a password for your account to continue.',
  'password.passwordLabel': 'Password',
  'password.confirmLabel': 'Confirm Password',
  'password.hint': 'At least 8 characters.',
  'password.submit': 'Set Password',
  'password.submitting': 'Setting Password...',
  'password.mismatch': 'Passwords do not match.',
  'password.tooShort': 'Password must be at least 8 characters long.',
  'password.saved': 'Your password has been set.',

  'dashboard.title': 'Dashboard',
  'dashboard.signedInAs': 'Signed in as {email}',
  'dashboard.logout': 'Logout',

  'admin.checking': 'Checking royal credentials...',
  'admin.dashboardTitle': 'Royal Decrees Council',
  'admin.usersTitle': 'Manage Subjects',
  'admin.settingsTitle': 'Configure Kingdom',

  'page.landingTitle': 'Your Instagram feed in your store',
  'page.aboutTitle': 'About Us',
  'page.supportTitle': 'Customer Support',
  'page.termsTitle': 'Terms and Policies',
  'page.faqTitle': 'Frequently Asked Questions',
  'page.sallaTitle': 'Lamha for Salla stores',

  'error.title': 'Something went wrong',
  'error.body': 'This page could not be shown. Reloading usually fixes it.',
  'error.reload': 'Reload page',

  'notFound.title': 'Page not found',
  'notFound.body': 'The page you are looking for does not exist or has been moved.',
} as const satisfies Record<string, string>;

export const en = { ...core, ...landingEn, ...dashboardEn, ...adminEn, ...sallaEn } as const;

/** Every message key; the English catalogue is the source of truth. */
export type TMessageKey = keyof typeof en;
