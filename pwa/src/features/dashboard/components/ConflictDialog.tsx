import * as Dialog from '@radix-ui/react-dialog';
import type { TMessageKey, TWidgetSettings } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { OutlineIcon } from '../../../ui/OutlineIcon';
import { primaryButton, secondaryButton } from '../../../ui/styles';
import { changedPaths } from '../lib/settings-rules';
import { dialogClass, overlayClass } from './ConfirmDialog';

/** Labels of the settings a merchant may see differ; anything else shows its path. */
const FIELD_LABELS: Record<string, TMessageKey> = {
  widget_enabled: 'dashboard.visibility.title',
  'feed.enabled': 'dashboard.display.feedEnabled',
  'highlights.enabled': 'dashboard.display.highlightsEnabled',
  'account_info.enabled': 'dashboard.display.accountEnabled',
  'account_info.position': 'dashboard.display.accountPosition',
  'account_info.show_profile_picture': 'dashboard.display.show_profile_picture',
  'account_info.show_statistics': 'dashboard.display.show_statistics',
  'account_info.show_follow_button': 'dashboard.display.show_follow_button',
  'account_info.follow_button_text': 'dashboard.display.follow_button_text',
  primary_color: 'dashboard.display.primaryColor',
  secondary_color: 'dashboard.display.secondaryColor',
  display_size: 'dashboard.display.displaySize',
  'density.item_spacing': 'dashboard.display.item_spacing',
  'density.items_per_row': 'dashboard.display.items_per_row',
  'title_settings.title_enabled': 'dashboard.display.title_enabled',
  'title_settings.subtitle_enabled': 'dashboard.display.subtitle_enabled',
  'title_settings.title': 'dashboard.display.titleText',
  'title_settings.subtitle': 'dashboard.display.subtitleText',
};

const MARGIN_LABELS: Record<string, TMessageKey> = {
  top: 'dashboard.display.marginTop',
  bottom: 'dashboard.display.marginBottom',
  left: 'dashboard.display.marginLeft',
  right: 'dashboard.display.marginRight',
};

/**
 * Shown when a save met a newer copy on the server (409): both versions side by side, field by field, and
 * the merchant chooses. It cannot be dismissed without choosing, so no version is dropped by accident.
 */
export function ConflictDialog({
  mine,
  theirs,
  onKeepMine,
  onUseTheirs,
}: {
  mine: TWidgetSettings;
  theirs: TWidgetSettings;
  onKeepMine: () => void;
  onUseTheirs: () => void;
}) {
  const { t } = useI18n();
  const rows = changedPaths(mine, theirs);

  const label = (path: string) => {
    const known = FIELD_LABELS[path];
    if (known) return t(known);
    const margin = /^title_settings\.(title|subtitle)Margin\.(\w+)$/.exec(path);
    if (margin?.[1] && margin[2] && MARGIN_LABELS[margin[2]]) {
      const group =
        margin[1] === 'title' ? 'dashboard.display.titleMargins' : 'dashboard.display.subtitleMargins';
      return `${t(group)}: ${t(MARGIN_LABELS[margin[2]]!)}`;
    }
    return path;
  };

  const show = (value: unknown) => {
    if (typeof value === 'boolean') return t(value ? 'dashboard.conflict.yes' : 'dashboard.conflict.no');
    if (typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value)) {
      return (
        <span className="inline-flex items-center gap-2" dir="ltr">
          <span
            className="size-4 rounded border border-slate-300"
            style={{ background: value }}
            aria-hidden="true"
          />
          {value}
        </span>
      );
    }
    if (value === 'before_posts' || value === 'after_posts') return t(`dashboard.display.${value}`);
    return String(value);
  };

  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content
          className={`${dialogClass} max-w-2xl`}
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
        >
          <div className="flex items-start gap-3">
            <span
              className="grid size-10 shrink-0 place-items-center rounded-full bg-amber-100 text-amber-800"
              aria-hidden="true"
            >
              <OutlineIcon>
                <path d="M7 7h10l-3-3M17 17H7l3 3" />
              </OutlineIcon>
            </span>
            <div>
              <Dialog.Title className="text-lg font-bold text-slate-900">
                {t('dashboard.conflict.title')}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm leading-relaxed text-slate-700">
                {t('dashboard.conflict.body')}
              </Dialog.Description>
            </div>
          </div>
          <div className="mt-5 overflow-x-auto rounded-xl border border-slate-200">
            <table className="w-full text-start text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-2.5 text-start font-semibold">
                    {t('dashboard.conflict.field')}
                  </th>
                  <th scope="col" className="px-4 py-2.5 text-start font-semibold">
                    {t('dashboard.conflict.mine')}
                  </th>
                  <th scope="col" className="px-4 py-2.5 text-start font-semibold">
                    {t('dashboard.conflict.theirs')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <tr key={row.path} data-testid={`conflict-${row.path}`}>
                    <th scope="row" className="px-4 py-2.5 text-start font-medium text-slate-800">
                      {label(row.path)}
                    </th>
                    <td className="break-words px-4 py-2.5 font-semibold text-brand-800">{show(row.mine)}</td>
                    <td className="break-words px-4 py-2.5 text-slate-700">{show(row.theirs)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <button type="button" className={secondaryButton} onClick={onUseTheirs}>
              {t('dashboard.conflict.useTheirs')}
            </button>
            <button type="button" className={primaryButton} onClick={onKeepMine}>
              {t('dashboard.conflict.keepMine')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
