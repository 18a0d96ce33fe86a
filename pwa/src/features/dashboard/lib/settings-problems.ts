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
  ['widgetEnabled', 'dashboard.visibility.title'],
  ['feed.layout', 'dashboard.display.layoutLabel'],
  ['feed.enabled', 'dashboard.display.feedEnabled'],
  ['feed.postsLimit', 'dashboard.display.postsLimit'],
  ['feed.showLoadMore', 'dashboard.display.showLoadMore'],
  ['feed.autoplay', 'dashboard.display.autoplay'],
  ['feed', 'dashboard.display.sectionLayout'],
  ['highlights.layout', 'dashboard.display.highlightsShape'],
  ['highlights.enabled', 'dashboard.display.highlightsEnabled'],
  ['highlights.limit', 'dashboard.display.highlightsLimit'],
  ['highlights', 'dashboard.display.sectionHighlights'],
  ['accountInfo.enabled', 'dashboard.display.accountEnabled'],
  ['accountInfo.position', 'dashboard.display.accountPosition'],
  ['accountInfo.showProfilePicture', 'dashboard.display.showProfilePicture'],
  ['accountInfo.showStatistics', 'dashboard.display.showStatistics'],
  ['accountInfo.showFollowButton', 'dashboard.display.showFollowButton'],
  ['accountInfo.followButtonText', 'dashboard.display.followButtonText'],
  ['accountInfo', 'dashboard.display.sectionAccount'],
  ['primary_color', 'dashboard.display.primaryColor'],
  ['secondary_color', 'dashboard.display.secondaryColor'],
  ['display_size', 'dashboard.display.displaySize'],
  ['density.itemSpacing', 'dashboard.display.itemSpacing'],
  ['density.itemsPerRow', 'dashboard.display.itemsPerRow'],
  ['density', 'dashboard.display.sectionLook'],
  ['animation', 'dashboard.display.animation'],
  ['titleSettings.titleEnabled', 'dashboard.display.titleEnabled'],
  ['titleSettings.subtitleEnabled', 'dashboard.display.subtitleEnabled'],
  ['titleSettings.title', 'dashboard.display.titleText'],
  ['titleSettings.subtitle', 'dashboard.display.subtitleText'],
  ['titleSettings.titleEn', 'dashboard.display.titleTextEn'],
  ['titleSettings.subtitleEn', 'dashboard.display.subtitleTextEn'],
  ['titleSettings.titleMargin', 'dashboard.display.titleMargins'],
  ['titleSettings.subtitleMargin', 'dashboard.display.subtitleMargins'],
  ['titleSettings', 'dashboard.display.sectionHeading'],
  ['showCaptions', 'dashboard.display.showCaptions'],
  ['muteVideos', 'dashboard.display.muteVideos'],
];

/** The label of the setting at `path` (whole segments only: "titleSettings.title" is not "…titleEn"). */
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
