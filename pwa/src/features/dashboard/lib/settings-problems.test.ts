import { describe, expect, it } from 'vitest';
import { DEFAULT_WIDGET_SETTINGS, translate, type TLanguage } from '@app/shared';
import { describeSettingsProblem } from './settings-problems';
import { parseSettingsFile } from './settings-rules';

const sentence = (lang: TLanguage, file: unknown) => {
  const result = parseSettingsFile(typeof file === 'string' ? file : JSON.stringify(file));
  if (result.ok) throw new Error('the file was accepted');
  return describeSettingsProblem((key, params) => translate(lang, key, params), result.problem, 'import');
};

describe('what a wrong settings file is told', () => {
  it('is one sentence in the merchant’s language, with the label the form uses and the fix', () => {
    const bad = { ...DEFAULT_WIDGET_SETTINGS, density: { item_spacing: 10, items_per_row: 9 } };
    expect(sentence('en', bad)).toBe(
      'This settings file cannot be imported: “Posts per row” must be at most 6. Correct it in the file, or export your settings again.',
    );
    const arabic = sentence('ar', bad);
    expect(arabic).toContain('«عدد المنشورات في الصف»');
    expect(arabic).toContain('6');
    // Never the schema's own words or paths.
    for (const text of [arabic, sentence('en', bad)]) {
      expect(text).not.toMatch(/items_per_row|density|Too big|expected/i);
    }
  });

  it('says another file is not a Lamha settings export', () => {
    expect(sentence('en', 'hello')).toMatch(/^This file is not a Lamha settings export/);
    expect(sentence('ar', { a: 1 })).toMatch(/^هذا الملف ليس ملف إعدادات مُصدَّرًا من لمحة/);
  });
});
