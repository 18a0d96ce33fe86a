import { useId, useRef, useState } from 'react';
import { toast } from '../../../ui/toast';
import { contrastRatio, MIN_TEXT_CONTRAST, type TEffectivePlan, type TWidgetSettings } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { OutlineIcon } from '../../../ui/OutlineIcon';
import { primaryButton, secondaryButton } from '../../../ui/styles';
import { usePreviewContent } from '../hooks/usePreviewContent';
import type { TSettingsEditor } from '../hooks/useSettingsEditor';
import { previewCacheBust } from '../lib/preview-config';
import {
  connectedUsername,
  EXPORT_FILE_NAME,
  MAX_MARGIN,
  parseSettingsFile,
  settingsFileContents,
} from '../lib/settings-rules';
import {
  Badge,
  Card,
  CheckboxField,
  ColorField,
  fieldLabelClass,
  inputClass,
  NumberField,
  Section,
  SelectField,
  TextField,
  WholeNumberInput,
} from '../../../ui/controls';
import type { TDashboardContext } from '../lib/dashboard-context';
import { describeSettingsProblem } from '../lib/settings-problems';
import { LivePreviewCard } from './LivePreviewCard';
import { HighlightsSection, MotionSection, PostsLayoutSection } from './LayoutSettings';

type TMargins = TWidgetSettings['title_settings']['title_margin'];

export function SettingsTab(
  props: TDashboardContext & { canTalk: boolean; editor: TSettingsEditor; onOpenGuide: () => void },
) {
  const { record, api, canTalk, editor, onOpenGuide } = props;
  const merchant = record.merchant;
  const { t } = useI18n();
  const connected = connectedUsername(merchant) !== null && merchant.public_widget_key !== null;
  const preview = usePreviewContent(
    connected ? merchant.public_widget_key : null,
    api,
    canTalk,
    previewCacheBust(merchant.last_refresh, merchant.settings_version),
  );

  if (!connected) {
    return (
      <Card>
        <div className="flex flex-col items-center gap-4 px-2 py-10 text-center">
          <span
            className="grid size-14 place-items-center rounded-2xl bg-brand-gradient-soft text-white"
            aria-hidden="true"
          >
            <OutlineIcon className="size-7">
              <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
              <circle cx="12" cy="12" r="4" />
            </OutlineIcon>
          </span>
          <h2 className="text-xl font-bold text-slate-900">{t('dashboard.settings.connectFirstTitle')}</h2>
          <p className="max-w-md text-sm text-slate-600">{t('dashboard.settings.connectFirstBody')}</p>
          <a href="#account" className={primaryButton}>
            {t('dashboard.settings.goToAccount')}
          </a>
        </div>
      </Card>
    );
  }

  const settings = editor.settings;
  if (!settings) return null;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] xl:items-start">
      {/* Sticky on every width: on a phone the preview stays above the form being edited. */}
      <div className="sticky top-16 z-30 xl:top-24 xl:order-last">
        <LivePreviewCard
          init={preview?.init}
          settings={settings}
          dirty={editor.dirty}
          contentReady={merchant.widget_content_ready}
          canFetch={canTalk}
          onLayout={(layout) => editor.update((s) => ({ ...s, feed: { ...s.feed, layout } }))}
        />
      </div>
      <div className="grid min-w-0 grid-cols-1 gap-6">
        <DisplaySettings
          settings={settings}
          editor={editor}
          plan={merchant.subscription_plan}
          onOpenGuide={onOpenGuide}
        />
        <VisibilityCard settings={settings} saved={editor.savedSettings} editor={editor} />
        <TransferCard settings={settings} editor={editor} />
        <SaveBar editor={editor} />
      </div>
    </div>
  );
}

function MarginsField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: TMargins;
  onChange: (next: TMargins) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const sides = [
    ['top', 'dashboard.display.marginTop'],
    ['bottom', 'dashboard.display.marginBottom'],
    ['right', 'dashboard.display.marginRight'],
    ['left', 'dashboard.display.marginLeft'],
  ] as const;
  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className={fieldLabelClass}>
        {label}
      </p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {sides.map(([side, key]) => (
          <div key={side}>
            <label htmlFor={`${id}-${side}`} className="mb-1 block text-xs font-medium text-slate-600">
              {t(key)}
            </label>
            <WholeNumberInput
              id={`${id}-${side}`}
              aria-label={`${label}: ${t(key)}`}
              className={inputClass}
              min={0}
              max={MAX_MARGIN}
              value={value[side]}
              onChange={(n) => onChange({ ...value, [side]: n })}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

function DisplaySettings({
  settings,
  editor,
  plan,
  onOpenGuide,
}: {
  settings: TWidgetSettings;
  editor: TSettingsEditor;
  plan: TEffectivePlan;
  onOpenGuide: () => void;
}) {
  const { t, dir } = useI18n();
  const set = editor.update;
  const title = settings.title_settings;
  const account = settings.account_info;
  const setTitle = (patch: Partial<TWidgetSettings['title_settings']>) =>
    set((s) => ({ ...s, title_settings: { ...s.title_settings, ...patch } }));
  const setAccount = (patch: Partial<TWidgetSettings['account_info']>) =>
    set((s) => ({ ...s, account_info: { ...s.account_info, ...patch } }));

  return (
    <Card title={t('dashboard.display.title')} subtitle={t('dashboard.display.subtitle')}>
      <div className="grid min-w-0 grid-cols-1 gap-6">
        <Section title={t('dashboard.display.sectionContent')}>
          <div className="grid gap-1 sm:grid-cols-2">
            <CheckboxField
              label={t('dashboard.display.feedEnabled')}
              checked={settings.feed.enabled}
              onChange={(v) => set((s) => ({ ...s, feed: { ...s.feed, enabled: v } }))}
            />
            <CheckboxField
              label={t('dashboard.display.highlightsEnabled')}
              checked={settings.highlights.enabled}
              onChange={(v) => set((s) => ({ ...s, highlights: { ...s.highlights, enabled: v } }))}
              extra={<Badge tone="brand">{t('dashboard.display.proFeature')}</Badge>}
            />
          </div>
        </Section>

        <PostsLayoutSection settings={settings} set={set} plan={plan} />
        <HighlightsSection settings={settings} set={set} />

        <Section title={t('dashboard.display.sectionHeading')}>
          <div className="grid gap-4">
            <CheckboxField
              label={t('dashboard.display.title_enabled')}
              checked={title.title_enabled}
              onChange={(v) => setTitle({ title_enabled: v })}
            />
            <TextField
              label={t('dashboard.display.titleText')}
              value={title.title}
              maxLength={120}
              dir="auto"
              disabled={!title.title_enabled}
              onChange={(v) => setTitle({ title: v })}
            />
            <TextField
              label={t('dashboard.display.titleTextEn')}
              value={title.title_en ?? ''}
              maxLength={120}
              dir="auto"
              disabled={!title.title_enabled}
              onChange={(v) => setTitle({ title_en: v })}
            />
            <MarginsField
              label={t('dashboard.display.titleMargins')}
              value={title.title_margin}
              onChange={(m) => setTitle({ title_margin: m })}
            />
            <CheckboxField
              label={t('dashboard.display.subtitle_enabled')}
              checked={title.subtitle_enabled}
              onChange={(v) => setTitle({ subtitle_enabled: v })}
            />
            <TextField
              label={t('dashboard.display.subtitleText')}
              value={title.subtitle}
              maxLength={200}
              dir="auto"
              disabled={!title.subtitle_enabled}
              onChange={(v) => setTitle({ subtitle: v })}
            />
            <TextField
              label={t('dashboard.display.subtitleTextEn')}
              value={title.subtitle_en ?? ''}
              maxLength={200}
              dir="auto"
              disabled={!title.subtitle_enabled}
              onChange={(v) => setTitle({ subtitle_en: v })}
            />
            <MarginsField
              label={t('dashboard.display.subtitleMargins')}
              value={title.subtitle_margin}
              onChange={(m) => setTitle({ subtitle_margin: m })}
            />
          </div>
        </Section>

        <Section title={t('dashboard.display.sectionAccount')}>
          <div className="grid gap-4">
            <CheckboxField
              label={t('dashboard.display.accountEnabled')}
              checked={account.enabled}
              onChange={(v) => setAccount({ enabled: v })}
            />
            <SelectField
              label={t('dashboard.display.accountPosition')}
              value={account.position}
              dir={dir}
              options={[
                { value: 'before_posts', label: t('dashboard.display.before_posts') },
                { value: 'after_posts', label: t('dashboard.display.after_posts') },
              ]}
              onChange={(v) => setAccount({ position: v })}
            />
            <div className="grid gap-1 sm:grid-cols-3">
              <CheckboxField
                label={t('dashboard.display.show_profile_picture')}
                checked={account.show_profile_picture}
                onChange={(v) => setAccount({ show_profile_picture: v })}
              />
              <CheckboxField
                label={t('dashboard.display.show_statistics')}
                checked={account.show_statistics}
                onChange={(v) => setAccount({ show_statistics: v })}
              />
              <CheckboxField
                label={t('dashboard.display.show_follow_button')}
                checked={account.show_follow_button}
                onChange={(v) => setAccount({ show_follow_button: v })}
              />
            </div>
            <TextField
              label={t('dashboard.display.follow_button_text')}
              value={account.follow_button_text}
              maxLength={40}
              dir="auto"
              disabled={!account.show_follow_button}
              onChange={(v) => setAccount({ follow_button_text: v })}
            />
          </div>
        </Section>

        <Section title={t('dashboard.display.sectionLook')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <ColorField
              label={t('dashboard.display.primaryColor')}
              value={settings.primary_color}
              onChange={(v) => set((s) => ({ ...s, primary_color: v }))}
            />
            <ColorField
              label={t('dashboard.display.secondaryColor')}
              value={settings.secondary_color}
              onChange={(v) => set((s) => ({ ...s, secondary_color: v }))}
            />
            <ContrastNote primary={settings.primary_color} secondary={settings.secondary_color} />
            <NumberField
              label={t('dashboard.display.items_per_row')}
              value={settings.density.items_per_row}
              min={2}
              max={6}
              onChange={(v) => set((s) => ({ ...s, density: { ...s.density, items_per_row: v } }))}
            />
            <NumberField
              label={t('dashboard.display.item_spacing')}
              value={settings.density.item_spacing}
              min={0}
              max={40}
              onChange={(v) => set((s) => ({ ...s, density: { ...s.density, item_spacing: v } }))}
            />
            <SelectField
              label={t('dashboard.display.displaySize')}
              value={settings.display_size}
              dir={dir}
              options={[
                { value: 'small', label: t('dashboard.display.size.small') },
                { value: 'medium', label: t('dashboard.display.size.medium') },
                { value: 'large', label: t('dashboard.display.size.large') },
              ]}
              onChange={(v) => set((s) => ({ ...s, display_size: v }))}
            />
          </div>
        </Section>

        <MotionSection settings={settings} set={set} />

        <div className="flex items-start gap-3 rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950">
          <OutlineIcon className="mt-0.5 size-5 shrink-0 text-sky-700">
            <circle cx="12" cy="12" r="9" />
            <path d="M12 11v5M12 8h.01" />
          </OutlineIcon>
          <div>
            <p className="font-semibold">{t('dashboard.display.placementTitle')}</p>
            <p className="mt-1 leading-relaxed">{t('dashboard.display.placementNoteSlot')}</p>
            <a
              href="#embed"
              onClick={(event) => {
                event.preventDefault();
                onOpenGuide();
              }}
              className="mt-2 inline-block font-semibold text-sky-800 underline underline-offset-4"
            >
              {t('dashboard.display.openEmbed')}
            </a>
          </div>
        </div>
      </div>
    </Card>
  );
}

function VisibilityCard({
  settings,
  saved,
  editor,
}: {
  settings: TWidgetSettings;
  saved: TWidgetSettings | null;
  editor: TSettingsEditor;
}) {
  const { t } = useI18n();
  const visible = settings.widget_enabled;
  const changed = saved !== null && saved.widget_enabled !== visible;
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <span
            className={`grid size-10 place-items-center rounded-full ${visible ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-500'}`}
            aria-hidden="true"
          >
            <OutlineIcon>
              {visible ? (
                <>
                  <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
                  <circle cx="12" cy="12" r="3" />
                </>
              ) : (
                <path d="M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4M6.6 6.6C3.9 8.4 2 12 2 12s3.6 7 10 7a10 10 0 0 0 5.4-1.6" />
              )}
            </OutlineIcon>
          </span>
          <div>
            <h2 className="text-base font-bold text-slate-900">{t('dashboard.visibility.title')}</h2>
            <p role="status" className="text-sm text-slate-600">
              {visible ? t('dashboard.visibility.visible') : t('dashboard.visibility.hidden')}
              {changed ? (
                <span className="ms-1 font-semibold text-amber-800">
                  {t('dashboard.visibility.appliesOnSave')}
                </span>
              ) : null}
            </p>
          </div>
        </div>
        <button
          type="button"
          className={secondaryButton}
          aria-pressed={!visible}
          onClick={() => editor.update((s) => ({ ...s, widget_enabled: !s.widget_enabled }))}
        >
          {visible ? t('dashboard.visibility.hide') : t('dashboard.visibility.show')}
        </button>
      </div>
    </Card>
  );
}

function TransferCard({ settings, editor }: { settings: TWidgetSettings; editor: TSettingsEditor }) {
  const { t } = useI18n();
  const fileInput = useRef<HTMLInputElement>(null);
  // What was wrong with the last file chosen: said beside the buttons until the next try.
  const [problem, setProblem] = useState<string | null>(null);

  const exportSettings = () => {
    const blob = new Blob([settingsFileContents(settings)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = EXPORT_FILE_NAME;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    toast.success(t('dashboard.transfer.exported'));
  };

  const importFile = async (file: File) => {
    let text: string;
    try {
      text = await file.text();
    } catch {
      setProblem(t('dashboard.transfer.readError'));
      return;
    }
    const result = parseSettingsFile(text);
    if (!result.ok) {
      setProblem(describeSettingsProblem(t, result.problem, 'import'));
      return;
    }
    setProblem(null);
    editor.replace(result.settings);
    toast.success(t('dashboard.transfer.imported'));
  };

  return (
    <Card title={t('dashboard.transfer.title')} subtitle={t('dashboard.transfer.subtitle')}>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={exportSettings}>
          <OutlineIcon className="size-4">
            <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
          </OutlineIcon>
          {t('dashboard.transfer.export')}
        </button>
        <button type="button" className={secondaryButton} onClick={() => fileInput.current?.click()}>
          <OutlineIcon className="size-4">
            <path d="M12 15V4M7 9l5-5 5 5M5 20h14" />
          </OutlineIcon>
          {t('dashboard.transfer.import')}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          className="sr-only"
          tabIndex={-1}
          aria-label={t('dashboard.transfer.import')}
          data-testid="settings-import"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void importFile(file);
          }}
        />
      </div>
      {problem ? (
        <p
          role="alert"
          data-testid="import-problem"
          className="mt-3 rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          {problem}
        </p>
      ) : null}
    </Card>
  );
}

function SaveBar({ editor }: { editor: TSettingsEditor }) {
  const { t } = useI18n();
  return (
    <div className="sticky bottom-3 z-10 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white/95 p-3 shadow-lg backdrop-blur sm:p-4">
      <p className="text-sm text-slate-600" aria-live="polite">
        {editor.conflict ? (
          <span className="font-semibold text-amber-800">{t('dashboard.conflict.pending')}</span>
        ) : editor.pending > 0 ? (
          <span className="font-semibold text-amber-800">{t('dashboard.settings.pendingSync')}</span>
        ) : editor.dirty ? (
          <span className="font-semibold text-slate-800">{t('dashboard.preview.unsaved')}</span>
        ) : (
          t('dashboard.settings.allSaved')
        )}
      </p>
      <button
        type="button"
        className={primaryButton}
        onClick={() => void editor.save()}
        disabled={editor.saving || Boolean(editor.conflict)}
      >
        {editor.saving ? t('dashboard.settings.saving') : t('dashboard.settings.save')}
      </button>
    </div>
  );
}

/**
 * The widget writes its text in the primary colour on the secondary one (and the follow button the other
 * way round): below 4.5:1 shoppers struggle to read it, and the widget's softer texts (@username, "Powered
 * by") fall back to black or white. Says so while the merchant picks.
 */
function ContrastNote({ primary, secondary }: { primary: string; secondary: string }) {
  const { t } = useI18n();
  const ratio = contrastRatio(primary, secondary);
  if (ratio >= MIN_TEXT_CONTRAST) return null;
  return (
    <p
      role="status"
      data-testid="contrast-warning"
      className="rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:col-span-2"
    >
      {t('dashboard.display.lowContrast', { ratio: ratio.toFixed(1) })}
    </p>
  );
}
