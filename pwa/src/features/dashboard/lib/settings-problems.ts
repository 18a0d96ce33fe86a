import type { z } from 'zod';
import { ZWidgetSettings, type TMessageKey, type TMessageParams } from '@app/shared';

/**
 * What is wrong with a settings object (an imported file, or the form before a save), said in the
 * dashboard's own words: the setting by the label the form gives it and what it must be, never the schema's
 * raw text (paths, English messages).
 */
export type TSettingsProblem =
  /** Not JSON, or not shaped like Lamha's settings at all: some other file. */
  | { kind: 'not_settings' }
  | { kind: 'field'; field: TMessageKey | null; fix: TMessageKey; params?: TMessageParams };

/** The form's label for each setting (the longest matching path wins). */
const FIELD_LABELS: readonly [string, TMessageKey][] = [
  ['widget_enabled', 'dashboard.visibility.title'],
  ['feed.layout', 'dashboard.display.layoutLabel'],
  ['feed.enabled', 'dashboard.display.feedEnabled'],
  ['feed.posts_limit', 'dashboard.display.posts_limit'],
  ['feed.show_load_more', 'dashboard.display.show_load_more'],
  ['feed.autoplay', 'dashboard.display.autoplay'],
  ['feed', 'dashboard.display.sectionLayout'],
  ['highlights.layout', 'dashboard.display.highlightsShape'],
  ['highlights.enabled', 'dashboard.display.highlightsEnabled'],
  ['highlights.limit', 'dashboard.display.highlightsLimit'],
  ['highlights', 'dashboard.display.sectionHighlights'],
  ['account_info.enabled', 'dashboard.display.accountEnabled'],
  ['account_info.position', 'dashboard.display.accountPosition'],
  ['account_info.show_profile_picture', 'dashboard.display.show_profile_picture'],
  ['account_info.show_statistics', 'dashboard.display.show_statistics'],
  ['account_info.show_follow_button', 'dashboard.display.show_follow_button'],
  ['account_info.follow_button_text', 'dashboard.display.follow_button_text'],
  ['account_info', 'dashboard.display.sectionAccount'],
  ['primary_color', 'dashboard.display.primaryColor'],
  ['secondary_color', 'dashboard.display.secondaryColor'],
  ['display_size', 'dashboard.display.displaySize'],
  ['density.item_spacing', 'dashboard.display.item_spacing'],
  ['density.items_per_row', 'dashboard.display.items_per_row'],
  ['density', 'dashboard.display.sectionLook'],
  ['animation', 'dashboard.display.animation'],
  ['title_settings.title_enabled', 'dashboard.display.title_enabled'],
  ['title_settings.subtitle_enabled', 'dashboard.display.subtitle_enabled'],
  ['title_settings.title', 'dashboard.display.titleText'],
  ['title_settings.subtitle', 'dashboard.display.subtitleText'],
  ['title_settings.title_en', 'dashboard.display.titleTextEn'],
  ['title_settings.subtitle_en', 'dashboard.display.subtitleTextEn'],
  ['title_settings.title_margin', 'dashboard.display.titleMargins'],
  ['title_settings.subtitle_margin', 'dashboard.display.subtitleMargins'],
  ['title_settings', 'dashboard.display.sectionHeading'],
  ['show_captions', 'dashboard.display.show_captions'],
  ['mute_videos', 'dashboard.display.mute_videos'],
];

/** The label of the setting at `path` (whole segments only: "title_settings.title" is not "…title_en"). */
export function settingLabel(path: readonly PropertyKey[]): TMessageKey | null {
  const parts = path.map(String);
  let best: [number, TMessageKey] | null = null;
  for (const [prefix, label] of FIELD_LABELS) {
    const segments = prefix.split('.');
    const matches = segments.length <= parts.length && segments.every((s, i) => parts[i] === s);
    if (matches && (!best || segments.length > best[0])) best = [segments.length, label];
  }
  return best?.[1] ?? null;
}

/** The top-level settings keys: a file with fewer than half of them is some other file. */
const TOP_LEVEL_KEYS = Object.keys(ZWidgetSettings.shape);

/** A file's JSON that cannot be Lamha's settings at all (not an object, or mostly other keys). */
export function looksLikeSettings(data: unknown): boolean {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const known = TOP_LEVEL_KEYS.filter((key) => key in data).length;
  return known * 2 >= TOP_LEVEL_KEYS.length;
}

/** The first thing wrong, as the setting and its fix. */
export function settingsProblem(error: z.ZodError): TSettingsProblem {
  const issue = error.issues[0];
  if (!issue) return { kind: 'not_settings' };
  if (issue.code === 'unrecognized_keys') {
    return {
      kind: 'field',
      field: settingLabel(issue.path),
      fix: 'dashboard.transfer.fix.unknown',
      params: { name: issue.keys[0] ?? '' },
    };
  }
  const field = settingLabel(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return {
        kind: 'field',
        field,
        fix: issue.input === undefined ? 'dashboard.transfer.fix.missing' : 'dashboard.transfer.fix.kind',
      };
    case 'too_big':
      return {
        kind: 'field',
        field,
        fix: 'dashboard.transfer.fix.atMost',
        params: { max: Number(issue.maximum) },
      };
    case 'too_small':
      return {
        kind: 'field',
        field,
        fix: 'dashboard.transfer.fix.atLeast',
        params: { min: Number(issue.minimum) },
      };
    case 'invalid_format':
      return { kind: 'field', field, fix: 'dashboard.transfer.fix.colour' };
    case 'invalid_value':
      return { kind: 'field', field, fix: 'dashboard.transfer.fix.choice' };
    default:
      return { kind: 'field', field, fix: 'dashboard.transfer.fix.kind' };
  }
}

type TTranslate = (key: TMessageKey, params?: TMessageParams) => string;

/** One sentence for the merchant: the import's ("This settings file cannot be imported: …") or the save's. */
export function describeSettingsProblem(
  t: TTranslate,
  problem: TSettingsProblem,
  when: 'import' | 'save',
): string {
  if (problem.kind === 'not_settings') return t('dashboard.transfer.notSettings');
  const field = t(problem.field ?? 'dashboard.transfer.aSetting');
  const fix = t(problem.fix, problem.params);
  return t(when === 'import' ? 'dashboard.transfer.badField' : 'dashboard.settings.badField', { field, fix });
}
