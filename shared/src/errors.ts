import type { TLanguage } from './schemas/common.js';

/**
 * Every error code the API answers with (`{error: {code, message}}`), its HTTP status, and its words in
 * both languages: the one contract between the API and its clients. The API sends `en` unless a call site
 * has a more precise English sentence (which field, how many minutes); clients word a failure by its code
 * (`apiErrorMessage`), never by matching the English text. product §8 wording where it has one.
 */
export const API_ERRORS = {
  // ---------- Any request ----------
  not_found: { status: 404, en: 'Not found.', ar: 'لم يتم العثور على المطلوب.' },
  method_not_allowed: { status: 405, en: 'Use GET.', ar: 'طريقة الطلب هذه غير مسموحة هنا.' },
  internal_error: {
    status: 500,
    en: 'Something went wrong. Please try again.',
    ar: 'حدث خطأ ما. يُرجى المحاولة مرة أخرى.',
  },
  invalid_json: {
    status: 400,
    en: 'The request body is not valid JSON.',
    ar: 'محتوى الطلب ليس بصيغة JSON صحيحة.',
  },
  payload_too_large: { status: 413, en: 'The request body is too large.', ar: 'محتوى الطلب كبير جدًا.' },
  /** A body parser's own 4xx (an unsupported charset…): sent with the parser's status. */
  bad_request: { status: 400, en: 'Bad request.', ar: 'الطلب غير صالح.' },
  invalid_input: {
    status: 400,
    en: 'Some of the information sent is not valid.',
    ar: 'بعض المعلومات المرسلة غير صالحة.',
  },
  invalid_characters: {
    status: 400,
    en: 'The text must not contain NUL characters.',
    ar: 'يجب ألا يحتوي النص على محارف فارغة (NUL).',
  },
  /** The database (or another service a request needs) cannot be reached: try again shortly (Retry-After). */
  service_unavailable: {
    status: 503,
    en: 'The service is briefly unavailable. Please try again in a few seconds.',
    ar: 'الخدمة غير متاحة مؤقتًا. يُرجى المحاولة مرة أخرى بعد بضع ثوانٍ.',
  },
  database_read_only: {
    status: 503,
    en: 'The database cannot take writes right now.',
    ar: 'لا تقبل قاعدة البيانات الكتابة الآن.',
  },

  // ---------- Signing in (product §8 Login, Auth callback) ----------
  rate_limited: {
    status: 429,
    en: 'Please wait before requesting another magic link.',
    ar: 'يُرجى الانتظار قبل طلب رابط دخول آخر.',
  },
  too_many_attempts: {
    status: 429,
    en: 'Too many sign-in attempts. Please wait a moment and try again.',
    ar: 'محاولات تسجيل دخول كثيرة. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.',
  },
  mail_failed: {
    status: 502,
    en: 'We could not send the e-mail right now. Please try again in a minute.',
    ar: 'تعذّر إرسال البريد الإلكتروني الآن. يُرجى المحاولة بعد دقيقة.',
  },
  magic_link_unknown: {
    status: 400,
    en: 'This sign-in link is not valid. Please request a new one.',
    ar: 'رابط تسجيل الدخول هذا غير صالح. يُرجى طلب رابط جديد.',
  },
  magic_link_used: {
    status: 400,
    en: 'This sign-in link has already been used. Please request a new one.',
    ar: 'رابط تسجيل الدخول هذا استُخدم من قبل. يُرجى طلب رابط جديد.',
  },
  magic_link_expired: {
    status: 400,
    en: 'This sign-in link has expired. Please request a new one.',
    ar: 'انتهت صلاحية رابط تسجيل الدخول هذا. يُرجى طلب رابط جديد.',
  },
  invalid_credentials: {
    status: 400,
    en: 'Invalid email or password.',
    ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
  },
  unauthorized: { status: 401, en: 'Sign in to continue.', ar: 'سجّل الدخول للمتابعة.' },
  invalid_token: { status: 401, en: 'Sign in to continue.', ar: 'سجّل الدخول للمتابعة.' },
  token_expired: {
    status: 401,
    en: 'Your session has expired. Please sign in again.',
    ar: 'انتهت صلاحية جلستك. يُرجى تسجيل الدخول مرة أخرى.',
  },
  invalid_refresh_token: {
    status: 401,
    en: 'Your session has ended. Please sign in again.',
    ar: 'انتهت جلستك. يُرجى تسجيل الدخول مرة أخرى.',
  },
  refresh_token_reused: {
    status: 401,
    en: 'Your session has ended. Please sign in again.',
    ar: 'انتهت جلستك. يُرجى تسجيل الدخول مرة أخرى.',
  },
  session_revoked: {
    status: 401,
    en: 'Your session has ended. Please sign in again.',
    ar: 'انتهت جلستك. يُرجى تسجيل الدخول مرة أخرى.',
  },
  reauthentication_required: {
    status: 401,
    en: 'For your security, confirm it is you with a new sign-in link first.',
    ar: 'حفاظًا على أمانك، أكّد هويتك أولًا برابط دخول جديد.',
  },
  forbidden: { status: 403, en: 'This area is for administrators.', ar: 'هذه المنطقة مخصصة للمشرفين.' },

  // ---------- Admin ----------
  account_not_found: {
    status: 404,
    en: 'No connected Instagram account for this user.',
    ar: 'لا يوجد حساب إنستغرام مرتبط بهذا المستخدم.',
  },
  cache_unavailable: {
    status: 503,
    en: 'Cache statistics are unavailable: the cache server did not answer.',
    ar: 'إحصاءات الذاكرة المؤقتة غير متاحة: لم يستجب خادم الذاكرة المؤقتة.',
  },

  // ---------- The merchant's Instagram account and settings (product §8 Dashboard) ----------
  username_required: {
    status: 400,
    en: 'Please enter an Instagram username.',
    ar: 'يرجى إدخال اسم مستخدم إنستغرام.',
  },
  instagram_not_found: {
    status: 400,
    en: 'We could not find an Instagram account with that username. Check the spelling and try again.',
    ar: 'لم نجد حساب إنستغرام بهذا الاسم. تحقّق من الكتابة وحاول مرة أخرى.',
  },
  instagram_not_business: {
    status: 400,
    en: 'This Instagram account is not a business or creator account. Switch it to a professional account in the Instagram app, then try again.',
    ar: 'حساب إنستغرام هذا ليس حساب أعمال أو صانع محتوى. حوّله إلى حساب احترافي من تطبيق إنستغرام ثم حاول مرة أخرى.',
  },
  instagram_private: {
    status: 400,
    en: 'This Instagram account is private. Make it public in the Instagram app, then try again.',
    ar: 'حساب إنستغرام هذا خاص. اجعله عامًا من تطبيق إنستغرام ثم حاول مرة أخرى.',
  },
  instagram_rate_limited: {
    status: 429,
    en: 'Instagram is limiting how often we can ask for content. We will try again shortly.',
    ar: 'يحدّ إنستغرام من عدد مرات طلب المحتوى. سنحاول مرة أخرى لاحقًا.',
  },
  instagram_unavailable: {
    status: 503,
    en: 'Instagram did not answer. We will try again shortly.',
    ar: 'لم يستجب إنستغرام. سنحاول مرة أخرى لاحقًا.',
  },
  instagram_missing_id: {
    status: 400,
    en: 'Missing user ID information from Instagram verification',
    ar: 'لم يُرسل إنستغرام معرّف المستخدم عند التحقق من الحساب.',
  },
  instagram_checks_limited: {
    status: 429,
    en: 'Too many Instagram account checks. Please try again later.',
    ar: 'طلبات كثيرة للتحقق من حساب إنستغرام. يُرجى المحاولة لاحقًا.',
  },
  no_account: {
    status: 400,
    en: 'Please connect an Instagram account first.',
    ar: 'يرجى ربط حساب إنستغرام أولًا.',
  },
  refresh_too_soon: {
    status: 429,
    en: 'You can refresh your content once every 5 minutes. Please try again shortly.',
    ar: 'يمكنك تحديث المحتوى مرة كل 5 دقائق. يُرجى المحاولة بعد قليل.',
  },
  /** An expired merchant's content stays parked (not fetched) until a payment brings the widget back. */
  refresh_needs_plan: {
    status: 402,
    en: 'Your plan has ended, so your content is not refreshed. Choose a plan and pay to refresh it again.',
    ar: 'انتهت باقتك، لذا لا يُحدَّث محتواك. اختر باقة وادفع ليُحدَّث من جديد.',
  },
  /** A refresh that failed for a reason of ours (disk, I/O): stored as the account's last error. */
  content_save_failed: {
    status: 500,
    en: 'We could not save your content this time. We will try again shortly.',
    ar: 'تعذّر حفظ المحتوى هذه المرة. سنحاول مرة أخرى لاحقًا.',
  },
  /** Any other failed refresh, as stored on the account (the sentence came from Instagram or the network). */
  refresh_failed: {
    status: 502,
    en: 'The last content refresh did not succeed. We will try again shortly.',
    ar: 'لم ينجح آخر تحديث للمحتوى. سنحاول مرة أخرى لاحقًا.',
  },
  conflict: {
    status: 409,
    en: 'These settings were changed elsewhere (another tab or device) after you opened them.',
    ar: 'تغيّرت هذه الإعدادات في مكان آخر (تبويب أو جهاز آخر) بعد أن فتحتها.',
  },

  // ---------- Connect with Instagram (Instagram Login) and Meta's callbacks ----------
  uploads_limited: {
    status: 429,
    en: 'You have uploaded many images this hour. Please try again later.',
    ar: 'رفعت صورًا كثيرة خلال هذه الساعة. يُرجى المحاولة لاحقًا.',
  },
  uploads_busy: {
    status: 503,
    en: 'Image uploads are busy right now. Please try again in a few seconds.',
    ar: 'رفع الصور مشغول الآن. يُرجى المحاولة بعد بضع ثوانٍ.',
  },
  instagram_username_unavailable: {
    status: 409,
    en: 'Connecting by username is not available on this service. Connect with Instagram instead.',
    ar: 'الربط باسم المستخدم غير متاح في هذه الخدمة. اربط حسابك عبر إنستغرام بدلًا من ذلك.',
  },
  instagram_not_configured: {
    status: 503,
    en: 'Instagram Login is not configured on this server.',
    ar: 'تسجيل الدخول بإنستغرام غير مُعدّ على هذا الخادم.',
  },
  facebook_not_configured: {
    status: 503,
    en: 'Facebook Login is not configured on this server.',
    ar: 'تسجيل الدخول بفيسبوك غير مُعدّ على هذا الخادم.',
  },
  invalid_signed_request: {
    status: 400,
    en: 'The signed_request could not be verified.',
    ar: 'تعذّر التحقق من الطلب الموقّع.',
  },
  invalid_redirect_uri: {
    status: 400,
    en: 'redirect_uri is not this app.',
    ar: 'عنوان إعادة التوجيه لا يخص هذا التطبيق.',
  },

  // ---------- The public widget and its image proxy (product §8 Widget) ----------
  invalid_identifier: {
    status: 400,
    en: 'Widget identifier is invalid or missing.',
    ar: 'معرّف الودجت غير صالح أو مفقود.',
  },
  missing_identifier: {
    status: 400,
    en: 'Widget identifier is invalid or missing.',
    ar: 'معرّف الودجت غير صالح أو مفقود.',
  },
  missing_key: {
    status: 400,
    en: 'Widget identifier is invalid or missing.',
    ar: 'معرّف الودجت غير صالح أو مفقود.',
  },
  preview_identifier: {
    status: 400,
    en: 'Cannot use "preview" as an identifier for API requests. Please use a valid widget key.',
    ar: 'لا يمكن استخدام "preview" معرّفًا في طلبات الواجهة البرمجية. استخدم مفتاح أداة صالحًا.',
  },
  widget_not_found: {
    status: 404,
    en: 'Widget identifier is invalid or missing.',
    ar: 'معرّف الودجت غير صالح أو مفقود.',
  },
  not_connected: {
    status: 404,
    en: 'Please connect your Instagram account',
    ar: 'يرجى ربط حساب إنستغرام الخاص بك',
  },
  highlight_not_found: { status: 404, en: 'Invalid highlight data.', ar: 'بيانات الهايلايت غير صالحة.' },
  invalid_url: {
    status: 400,
    en: 'url must be an https address of Instagram’s CDN',
    ar: 'يجب أن يكون الرابط عنوان https من خوادم محتوى إنستغرام.',
  },
  proxy_busy: {
    status: 503,
    en: 'The image proxy is busy. Please try again shortly.',
    ar: 'وسيط الصور مشغول. يُرجى المحاولة بعد قليل.',
  },
  proxy_blocked: {
    status: 400,
    en: 'This media address is not allowed.',
    ar: 'عنوان الوسائط هذا غير مسموح.',
  },
  proxy_not_found: { status: 404, en: 'The CDN has no such media.', ar: 'الوسائط غير موجودة.' },
  proxy_expired: {
    status: 404,
    en: 'The media address has expired.',
    ar: 'انتهت صلاحية عنوان الوسائط.',
  },
  proxy_too_large: { status: 502, en: 'The media is too large.', ar: 'حجم الوسائط كبير جدًا.' },
  proxy_bad_type: {
    status: 502,
    en: 'Expected an image or a video.',
    ar: 'المتوقع صورة أو فيديو.',
  },
  proxy_timeout: {
    status: 502,
    en: 'The media did not arrive in time.',
    ar: 'لم تصل الوسائط في الوقت المحدد.',
  },
  proxy_network: { status: 502, en: 'Could not download the media.', ar: 'تعذّر تنزيل الوسائط.' },
  proxy_http: {
    status: 502,
    en: 'The CDN refused the request.',
    ar: 'رفض خادم المحتوى الطلب.',
  },
  events_limited: {
    status: 429,
    en: 'Too many widget events from here. Please slow down.',
    ar: 'أحداث كثيرة من الودجت من هذا المصدر. يُرجى الإبطاء.',
  },

  // ---------- Store platforms (Salla, Zid) and their webhooks ----------
  invalid_signature: {
    status: 401,
    en: 'The webhook could not be verified.',
    ar: 'تعذّر التحقق من إشعار الويب.',
  },
  invalid_secret: {
    status: 401,
    en: 'The webhook could not be verified.',
    ar: 'تعذّر التحقق من إشعار الويب.',
  },
  invalid_payload: {
    status: 400,
    en: 'The webhook body is not a known event.',
    ar: 'محتوى إشعار الويب ليس حدثًا معروفًا.',
  },
  invalid_state: {
    status: 400,
    en: 'This install link has expired. Please start the installation again from Zid.',
    ar: 'انتهت صلاحية رابط التثبيت هذا. يُرجى بدء التثبيت من زد مرة أخرى.',
  },
  zid_not_configured: {
    status: 503,
    en: 'The Zid app is not configured on this server.',
    ar: 'تطبيق زد غير مُعدّ على هذا الخادم.',
  },
  zid_token_failed: {
    status: 502,
    en: 'Zid did not accept the installation.',
    ar: 'لم تقبل زد التثبيت.',
  },
  zid_profile_failed: {
    status: 502,
    en: 'Could not read the Zid store.',
    ar: 'تعذّرت قراءة بيانات متجر زد.',
  },
  store_link_invalid: {
    status: 400,
    en: 'This link has expired or has already been used. Install the app again from your store to get a new one.',
    ar: 'انتهت صلاحية هذا الرابط أو سبق استخدامه. ثبّت التطبيق من متجرك مرة أخرى لتحصل على رابط جديد.',
  },

  // ---------- Story archive and merchant highlights ----------
  plan_required: {
    status: 403,
    en: 'Highlights are a Pro feature. Upgrade to Pro to make highlights from your stories.',
    ar: 'القصص المميزة ميزة في الباقة الاحترافية. رقِّ باقتك إلى الاحترافية لتصنع قصصًا مميزة من قصصك.',
  },
  story_not_found: { status: 404, en: 'This story is not in your archive.', ar: 'هذه القصة ليست في أرشيفك.' },
  merchant_highlight_not_found: {
    status: 404,
    en: 'This highlight was not found.',
    ar: 'لم يتم العثور على هذه القصة المميزة.',
  },
  unknown_stories: {
    status: 400,
    en: 'Some of these stories are not in your archive.',
    ar: 'بعض هذه القصص ليست في أرشيفك.',
  },
  highlight_automatic: {
    status: 409,
    en: 'The Latest highlight fills itself with the last 7 days of stories: its stories cannot be chosen and it cannot be deleted (switch it off instead).',
    ar: 'تمتلئ القصة المميزة «الأحدث» تلقائيًا بقصص آخر 7 أيام: لا يمكن اختيار قصصها ولا حذفها (يمكنك إيقافها بدلًا من ذلك).',
  },
  /** The number is MAX_MERCHANT_HIGHLIGHTS (errors.test.ts keeps them equal). */
  highlights_limit: {
    status: 409,
    en: 'You can have at most 20 highlights.',
    ar: 'يمكنك إنشاء 20 قصة مميزة على الأكثر.',
  },
  invalid_image: {
    status: 400,
    en: 'The cover must be a JPEG, PNG or WebP image of at most 5 MB.',
    ar: 'يجب أن يكون الغلاف صورة JPEG أو PNG أو WebP بحجم 5 ميغابايت على الأكثر.',
  },

  // ---------- Posts studio: hide, pin, products linked to posts (issue 17) ----------
  post_not_found: {
    status: 404,
    en: 'This post is not in your feed.',
    ar: 'هذا المنشور ليس ضمن منشوراتك.',
  },
  pin_position_taken: {
    status: 409,
    en: 'Another post is pinned in that place. You can pin up to 3 posts: unpin one first.',
    ar: 'هناك منشور آخر مثبّت في هذا المكان. يمكنك تثبيت 3 منشورات على الأكثر: ألغِ تثبيت أحدها أولًا.',
  },
  products_plan_required: {
    status: 403,
    en: 'Linking products to posts is a Pro feature. Upgrade to Pro to link products.',
    ar: 'ربط المنتجات بالمنشورات ميزة في الباقة الاحترافية. رقِّ باقتك إلى الاحترافية لتربط المنتجات.',
  },
  product_not_found: {
    status: 404,
    en: 'This product was not found.',
    ar: 'لم يتم العثور على هذا المنتج.',
  },
  unknown_products: {
    status: 400,
    en: 'Some of these products are not in your store.',
    ar: 'بعض هذه المنتجات ليست في متجرك.',
  },
  product_not_manual: {
    status: 409,
    en: 'This product comes from your store platform: change it there.',
    ar: 'هذا المنتج من منصة متجرك: عدّله هناك.',
  },
  catalogue_unavailable: {
    status: 502,
    en: 'Your store did not answer. Please try again in a minute.',
    ar: 'لم يستجب متجرك. يُرجى المحاولة بعد دقيقة.',
  },
  product_image_failed: {
    status: 400,
    en: 'The product image could not be read. Use a JPEG, PNG or WebP image of at most 5 MB.',
    ar: 'تعذّرت قراءة صورة المنتج. استخدم صورة JPEG أو PNG أو WebP بحجم 5 ميغابايت على الأكثر.',
  },

  // ---------- Billing (product §4; the dashboard shows these words) ----------
  payment_required: {
    status: 402,
    en: 'Plans are bought with a payment.',
    ar: 'تُشترى الباقات بالدفع.',
  },
  platform_managed: {
    status: 409,
    en: 'Your subscription is managed by your store platform. Change it from your Salla or Zid dashboard.',
    ar: 'اشتراكك تديره منصة متجرك. غيّره من لوحة تحكم سلة أو زد.',
  },
  billing_unavailable: {
    status: 409,
    en: 'Payments here are not available: plans are paid through Salla or Zid.',
    ar: 'الدفع هنا غير متاح: الباقات تُدفع عبر سلة أو زد.',
  },
  change_scheduled: {
    status: 409,
    en: 'A plan change is already paid and starts when your current period ends. You can extend that plan.',
    ar: 'هناك تغيير باقة مدفوع يبدأ عند انتهاء فترتك الحالية. يمكنك تمديد تلك الباقة.',
  },
  upgrade_needs_longer_period: {
    status: 409,
    en: 'The unused part of your current plan is worth more than this period. Choose the annual period.',
    ar: 'قيمة الجزء غير المستخدم من باقتك الحالية أكبر من هذه المدة. اختر المدة السنوية.',
  },
  checkout_limited: {
    status: 429,
    en: 'Too many payment attempts this hour. Please try again later.',
    ar: 'محاولات دفع كثيرة في هذه الساعة. يُرجى المحاولة لاحقًا.',
  },
  checkout_not_found: {
    status: 404,
    en: 'This payment was not found.',
    ar: 'لم يتم العثور على هذه الدفعة.',
  },
  invoice_not_found: {
    status: 404,
    en: 'This invoice was not found.',
    ar: 'لم يتم العثور على هذه الفاتورة.',
  },
  payment_provider_error: {
    status: 502,
    en: 'The payment service did not answer. Please try again in a minute.',
    ar: 'لم تستجب خدمة الدفع. يرجى المحاولة بعد دقيقة.',
  },
  refund_not_allowed: {
    status: 409,
    en: 'Only a first payment can be refunded, within 7 days of paying.',
    ar: 'يمكن استرداد أول دفعة فقط، خلال 7 أيام من الدفع.',
  },
  card_saving_unavailable: {
    status: 409,
    en: 'Automatic renewal with a saved card is not available. Renew by paying the link we e-mail.',
    ar: 'التجديد التلقائي ببطاقة محفوظة غير متاح. جدّد بالدفع من الرابط الذي نرسله بالبريد.',
  },
  no_saved_card: {
    status: 409,
    en: 'No card is saved. Pay with "Renew automatically" ticked to save one.',
    ar: 'لا توجد بطاقة محفوظة. ادفع مع تحديد «جدّد تلقائيًا» لحفظ بطاقتك.',
  },
} as const satisfies Record<string, { status: number; en: string; ar: string }>;

export type TApiErrorCode = keyof typeof API_ERRORS;

export function isApiErrorCode(code: unknown): code is TApiErrorCode {
  return typeof code === 'string' && Object.hasOwn(API_ERRORS, code);
}

/**
 * The words for a failed API call in the reader's language, chosen by its code. In English the server's
 * own sentence is shown when it sent one: it is the table's wording or a more precise one (which field,
 * how many minutes). Any other language takes the table's words for the code. A code not in the table
 * (only something other than our API sends one) gets the generic message in that language.
 */
export function apiErrorMessage(lang: TLanguage, error: { code?: string; message?: string }): string {
  const serverText = error.message?.trim();
  if (lang === 'en' && serverText) return serverText;
  const known = isApiErrorCode(error.code) ? API_ERRORS[error.code] : API_ERRORS.internal_error;
  return known[lang];
}

/**
 * The code of an error the server stored as an English sentence (an account's `last_error`, written by the
 * refresh engine from the table's words or from api/src/instagram/source-failures.ts), so that it can be
 * shown in the reader's language: a table sentence gives its code, the source failures' sentences with a
 * number of minutes give theirs, anything else is a failed refresh.
 */
export function storedErrorCode(message: string): TApiErrorCode {
  const text = message.trim();
  const exact = (Object.keys(API_ERRORS) as TApiErrorCode[]).find((code) => API_ERRORS[code].en === text);
  if (exact) return exact;
  if (/^(Instagram is limiting|Your account has used its share)/.test(text)) return 'instagram_rate_limited';
  return text.endsWith('We will try again shortly.') && /Instagram/.test(text)
    ? 'instagram_unavailable'
    : 'refresh_failed';
}
