import { h, render } from 'preact';
import type { JSX } from 'preact';
import type { TWidgetPreviewCore, TWidgetPreviewInput } from '@app/shared';
import { HOST_TAG } from '../loader/place.js';
import { loadExtras, loadView, Root, type Notice, type NoticeKind, type ViewState } from './App.js';
import { hiddenReason, readInitData, readSettings } from './check.js';
import { CAROUSEL, Icon } from './icons.js';
import { shadowFor } from './shadow.js';
import previewCss from './preview.css?inline';
import css from './widget.css?inline';

/** product §8 texts of the states a store page hides (index.ts) and the preview explains to the merchant. */
const TEXTS: Record<'ar' | 'en', Record<NoticeKind | 'notConnectedTitle' | 'goToAccount', string>> = {
  en: {
    invalid: 'Widget identifier is invalid or missing.',
    notConnectedTitle: 'Please connect your Instagram account',
    notConnected: 'Please connect your Instagram account to display your content here.',
    goToAccount: 'Go to Account Settings',
    empty: 'No posts to show yet. New posts will appear here automatically.',
    crash: 'Something went wrong with the Instagram feed',
  },
  ar: {
    invalid: 'معرّف الودجت غير صالح أو مفقود.',
    notConnectedTitle: 'يرجى ربط حساب إنستغرام الخاص بك',
    notConnected: 'يرجى ربط حساب إنستغرام الخاص بك لعرض المحتوى هنا.',
    goToAccount: 'الانتقال إلى إعدادات الحساب',
    empty: 'لا توجد منشورات لعرضها بعد. ستظهر المنشورات الجديدة هنا تلقائيًا.',
    crash: 'حدث خطأ ما في عرض منشورات إنستغرام',
  },
};

const notice: Notice = (kind, lang, apiBase): JSX.Element => {
  const t = TEXTS[lang];
  const connect = kind === 'notConnected';
  return (
    <div class="msg" role="status">
      <Icon d={CAROUSEL} size={28} />
      {connect && <strong>{t.notConnectedTitle}</strong>}
      <p>{t[kind]}</p>
      {connect && (
        <a class="follow" href={`${apiBase}/dashboard?tab=account`} target="_blank" rel="noopener noreferrer">
          {t.goToAccount}
        </a>
      )}
    </div>
  );
};

/**
 * Renders the widget into `element` from data the caller passes (mode 'preview': no init request, no
 * cache), explaining the states a store page hides. Used by the dashboard's live preview.
 */
export const mount: TWidgetPreviewCore<HTMLElement>['mount'] = (element, initial) => {
  const host = document.createElement(HOST_TAG);
  host.setAttribute('data-mode', 'preview');
  element.appendChild(host);
  const root = shadowFor(host, css + previewCss);
  let input = initial;
  const draw = () => {
    const data = readInitData({ config: input.config, content: input.content, version: 1, generated_at: '' });
    // What a store page would hide, explained (a widget turned off shows nothing here either).
    const why = data ? hiddenReason(data, input.lang) : 'invalid';
    const state: ViewState =
      why && why !== 'off' ? { kind: 'notice', notice: why } : { kind: 'ready', data: data! };
    render(
      h(Root, { host, state, lang: input.lang, apiBase: input.apiBase ?? location.origin, notice }),
      root,
    );
    return data;
  };
  const show = (next: TWidgetPreviewInput) => {
    input = next;
    const data = draw();
    // A layout other than the grid: the grid stands in until its chunk arrives, then the latest input is
    // drawn again (the merchant may have changed more meanwhile).
    if (data) loadView(readSettings(data.config.customization_options, 'ar').layout).then(draw, () => {});
  };
  show(initial);
  loadExtras().then(draw, () => {});
  return {
    update: show,
    unmount() {
      render(null, root);
      host.remove();
    },
  };
};
