import type { ReactNode } from 'react';
import {
  HIGHLIGHTS_LIMIT,
  PLAN_LIMITS,
  POSTS_LIMIT,
  type TEffectivePlan,
  type TFeedLayout,
  type TWidgetSettings,
} from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import type { TSettingsEditor } from '../hooks/useSettingsEditor';
import { Badge, CheckboxField, ChoiceField, NumberField, Section } from '../../../ui/controls';

type TSet = TSettingsEditor['update'];
type TAnimation = TWidgetSettings['animation']['type'];

/** The most posts the merchant's plan shows before "Load more" (the server holds the setting to it too). */
export function postsLimitCap(plan: TEffectivePlan): number {
  return Math.min(POSTS_LIMIT.max, PLAN_LIMITS[plan].contentLimit);
}

/** Small drawings of each layout (currentColor, 64×40), so merchants choose by looking. */
const tile = (x: number, y: number, w: number, h: number) => (
  <rect key={`${x}-${y}`} x={x} y={y} width={w} height={h} rx="2" fill="currentColor" />
);
const picture = (children: ReactNode) => <svg viewBox="0 0 64 40">{children}</svg>;

const LAYOUT_PICTURES: Record<TFeedLayout, ReactNode> = {
  grid: picture([0, 1, 2].flatMap((c) => [0, 1].map((r) => tile(8 + c * 17, 3 + r * 17, 14, 14)))),
  carousel: picture(
    <>
      {tile(10, 8, 14, 24)}
      {tile(25, 8, 14, 24)}
      {tile(40, 8, 14, 24)}
      <path d="M6 16l-3 4 3 4M58 16l3 4-3 4" fill="none" stroke="currentColor" strokeWidth="2" />
    </>,
  ),
  masonry: picture(
    <>
      {tile(8, 2, 14, 20)}
      {tile(8, 24, 14, 14)}
      {tile(25, 2, 14, 12)}
      {tile(25, 16, 14, 22)}
      {tile(42, 2, 14, 16)}
      {tile(42, 20, 14, 18)}
    </>,
  ),
};

const HIGHLIGHT_PICTURES: Record<TWidgetSettings['highlights']['layout'], ReactNode> = {
  circle: picture(
    [0, 1, 2].map((i) => (
      <g key={i}>
        <circle cx={14 + i * 18} cy="15" r="7.5" fill="currentColor" />
        <rect x={9 + i * 18} y="28" width="10" height="3" rx="1.5" fill="currentColor" opacity=".6" />
      </g>
    )),
  ),
  square: picture(
    [0, 1, 2].map((i) => (
      <g key={i}>
        <rect x={6.5 + i * 18} y="6" width="15" height="18" rx="4" fill="currentColor" />
        <rect x={9 + i * 18} y="28" width="10" height="3" rx="1.5" fill="currentColor" opacity=".6" />
      </g>
    )),
  ),
};

const ANIMATION_PICTURES: Record<TAnimation, ReactNode> = {
  fade: picture(
    <>
      {tile(10, 10, 12, 20)}
      <rect x="26" y="10" width="12" height="20" rx="2" fill="currentColor" opacity=".55" />
      <rect x="42" y="10" width="12" height="20" rx="2" fill="currentColor" opacity=".2" />
    </>,
  ),
  slide: picture(
    <>
      {tile(30, 10, 16, 20)}
      <path d="M8 20h16M18 14l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
    </>,
  ),
  zoom: picture(
    <>
      <rect x="20" y="6" width="24" height="28" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
      {tile(26, 13, 12, 14)}
    </>,
  ),
  none: picture(tile(24, 10, 16, 20)),
};

const LAYOUTS: readonly TFeedLayout[] = ['grid', 'carousel', 'masonry'];

/**
 * The feed layout choice, with its pictures, labels and hints: the one Settings, onboarding's style step and
 * the full-screen preview all show (`hints={false}` where room is short: the labels stay the same).
 */
export function FeedLayoutChoice({
  value,
  onChange,
  disabled,
  hints = true,
}: {
  value: TFeedLayout;
  onChange: (layout: TFeedLayout) => void;
  disabled?: boolean;
  hints?: boolean;
}) {
  const { t } = useI18n();
  return (
    <ChoiceField
      label={t('dashboard.display.layoutLabel')}
      value={value}
      disabled={disabled}
      options={LAYOUTS.map((layout) => ({
        value: layout,
        label: t(`dashboard.display.layout.${layout}`),
        hint: hints ? t(`dashboard.display.layout.${layout}Hint`) : undefined,
        picture: LAYOUT_PICTURES[layout],
      }))}
      onChange={onChange}
    />
  );
}

/** Feed layout, how many posts show first, "Load more", carousel autoplay and captions. */
export function PostsLayoutSection({
  settings,
  set,
  plan,
}: {
  settings: TWidgetSettings;
  set: TSet;
  plan: TEffectivePlan;
}) {
  const { t } = useI18n();
  const feed = settings.feed;
  const setFeed = (patch: Partial<TWidgetSettings['feed']>) =>
    set((s) => ({ ...s, feed: { ...s.feed, ...patch } }));
  const cap = postsLimitCap(plan);
  return (
    <Section title={t('dashboard.display.sectionLayout')}>
      <div className="grid gap-4">
        <FeedLayoutChoice
          value={feed.layout}
          disabled={!feed.enabled}
          onChange={(layout) => setFeed({ layout })}
        />
        <NumberField
          label={t('dashboard.display.posts_limit')}
          // A limit saved on a bigger plan shows (and applies) as the current plan's cap.
          value={Math.min(feed.posts_limit, cap)}
          min={POSTS_LIMIT.min}
          max={cap}
          disabled={!feed.enabled}
          hint={
            plan === 'basic' || plan === 'free'
              ? t('dashboard.display.postsLimitCapBasic', { max: cap })
              : t('dashboard.display.postsLimitCap', { max: cap })
          }
          onChange={(posts_limit) => setFeed({ posts_limit })}
        />
        <div className="grid gap-1 sm:grid-cols-2">
          <CheckboxField
            label={t('dashboard.display.show_load_more')}
            checked={feed.show_load_more}
            disabled={!feed.enabled}
            onChange={(show_load_more) => setFeed({ show_load_more })}
          />
          <CheckboxField
            label={t('dashboard.display.show_captions')}
            hint={t('dashboard.display.showCaptionsHint')}
            checked={settings.show_captions}
            disabled={!feed.enabled}
            onChange={(show_captions) => set((s) => ({ ...s, show_captions }))}
          />
          <CheckboxField
            label={t('dashboard.display.show_counts')}
            hint={t('dashboard.display.showCountsHint')}
            checked={feed.show_counts}
            disabled={!feed.enabled}
            onChange={(show_counts) => setFeed({ show_counts })}
          />
          <CheckboxField
            label={t('dashboard.display.autoplay')}
            hint={t('dashboard.display.autoplayHint')}
            checked={feed.autoplay}
            disabled={!feed.enabled || feed.layout !== 'carousel'}
            onChange={(autoplay) => setFeed({ autoplay })}
          />
        </div>
      </div>
    </Section>
  );
}

/** Highlight shape and how many show. */
export function HighlightsSection({ settings, set }: { settings: TWidgetSettings; set: TSet }) {
  const { t } = useI18n();
  const highlights = settings.highlights;
  const setHighlights = (patch: Partial<TWidgetSettings['highlights']>) =>
    set((s) => ({ ...s, highlights: { ...s.highlights, ...patch } }));
  const shapes: TWidgetSettings['highlights']['layout'][] = ['circle', 'square'];
  return (
    <Section
      title={t('dashboard.display.sectionHighlights')}
      extra={<Badge tone="brand">{t('dashboard.display.proFeature')}</Badge>}
    >
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <ChoiceField
          label={t('dashboard.display.highlightsShape')}
          value={highlights.layout}
          columns={2}
          disabled={!highlights.enabled}
          options={shapes.map((shape) => ({
            value: shape,
            label: t(`dashboard.display.highlights.${shape}`),
            picture: HIGHLIGHT_PICTURES[shape],
          }))}
          onChange={(layout) => setHighlights({ layout })}
        />
        <NumberField
          label={t('dashboard.display.highlightsLimit')}
          value={highlights.limit}
          min={HIGHLIGHTS_LIMIT.min}
          max={HIGHLIGHTS_LIMIT.max}
          disabled={!highlights.enabled}
          onChange={(limit) => setHighlights({ limit })}
        />
      </div>
    </Section>
  );
}

/** Animation of tiles and viewers, and whether videos start muted. */
export function MotionSection({ settings, set }: { settings: TWidgetSettings; set: TSet }) {
  const { t } = useI18n();
  // Zoom is offered no more; settings that still have it show it until another choice is made.
  const animations: TAnimation[] =
    settings.animation.type === 'zoom' ? ['fade', 'slide', 'zoom', 'none'] : ['fade', 'slide', 'none'];
  return (
    <Section title={t('dashboard.display.sectionMotion')}>
      <div className="grid gap-4">
        <div>
          <ChoiceField
            label={t('dashboard.display.animation')}
            value={settings.animation.type}
            columns={animations.length === 4 ? 4 : 3}
            options={animations.map((type) => ({
              value: type,
              label: t(`dashboard.display.animation.${type}`),
              picture: ANIMATION_PICTURES[type],
            }))}
            onChange={(type) => set((s) => ({ ...s, animation: { type } }))}
          />
          <p className="mt-1.5 text-xs leading-relaxed text-slate-600">
            {t('dashboard.display.animationHint')}
          </p>
        </div>
        <CheckboxField
          label={t('dashboard.display.mute_videos')}
          hint={t('dashboard.display.muteVideosHint')}
          checked={settings.mute_videos}
          onChange={(mute_videos) => set((s) => ({ ...s, mute_videos }))}
        />
      </div>
    </Section>
  );
}
