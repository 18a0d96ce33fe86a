import { useId, useMemo, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import {
  apiErrorMessage,
  countText,
  DAY_WORDS,
  dateLocale,
  HIGHLIGHT_COVER_MAX_BYTES,
  HIGHLIGHT_COVER_TYPES,
  HIGHLIGHT_TITLE_MAX,
  STORY_WORDS,
  type TArchivedStory,
  type TMerchantHighlight,
  type TStoredImage,
} from '@app/shared';
import { toast } from '../../../ui/toast';
import { useI18n } from '../../../i18n/useI18n';
import { primaryButton, secondaryButton } from '../../../ui/styles';
import { OutlineIcon } from '../../../ui/OutlineIcon';
import type { TApiFailure } from '../../auth/lib/api-request';
import { Badge, Card, fieldLabelClass, inputClass } from '../../../ui/controls';
import { TabStateCard } from '../../dashboard/components/TabStateCard';
import { ConfirmDialog, dialogClass, overlayClass } from '../../dashboard/components/ConfirmDialog';
import { useHighlights } from '../hooks/useHighlights';
import { FacebookStoriesCard } from './FacebookStoriesCard';
import { highlightsFailureMessage, togglePick, type THighlightsApi } from '../lib/highlights-api';

const smallButton =
  'inline-flex min-h-10 items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 transition hover:border-brand-700 hover:text-brand-700 disabled:cursor-not-allowed disabled:opacity-50';
const iconButton =
  'grid size-10 place-items-center rounded-lg border border-slate-300 bg-white text-slate-700 transition hover:border-brand-700 hover:text-brand-700 disabled:cursor-not-allowed disabled:opacity-40';

/** The smallest rendition that is still sharp at `size` CSS pixels on a 2× screen. */
function thumbOf(image: TStoredImage, size: number): string {
  return (image.renditions.find((r) => r.width >= size * 2) ?? image.renditions.at(-1)!).path;
}

function Thumb({
  image,
  size,
  round = false,
}: {
  image: TStoredImage | null;
  size: number;
  round?: boolean;
}) {
  const shape = round ? 'rounded-full' : 'rounded-xl';
  if (!image)
    return (
      <span
        aria-hidden="true"
        className={`block shrink-0 bg-slate-200 ${shape}`}
        style={{ width: size, height: size }}
      />
    );
  return (
    <img
      src={thumbOf(image, size)}
      alt=""
      loading="lazy"
      width={size}
      height={round ? size : Math.round((size * image.height) / image.width)}
      className={`block shrink-0 object-cover ${shape}`}
      style={{ backgroundColor: image.color, width: size, height: round ? size : undefined }}
    />
  );
}

function useDateFormat() {
  const { lang } = useI18n();
  return useMemo(() => {
    const locale = dateLocale(lang);
    const full = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
    return {
      format: (d: Date) => full.format(d),
      day: (d: Date) => day.format(d),
      time: (d: Date) => time.format(d),
    };
  }, [lang]);
}

/** A story's date under its picture: the day, then the time, each on its own line (tiles are narrow). */
function StoryDate({ at }: { at: string }) {
  const dates = useDateFormat();
  const date = new Date(at);
  return (
    <time dateTime={at} className="mt-1 block text-xs leading-snug text-slate-600">
      <span className="block truncate">{dates.day(date)}</span>
      <span className="block truncate text-slate-500">{dates.time(date)}</span>
    </time>
  );
}

export interface THighlightsTabProps {
  api: THighlightsApi;
  canTalk: boolean;
  /** Opens the plans (billing) tab. */
  onChoosePlan: () => void;
  /** Opens the account tab, where "Connect with Instagram" is. */
  onConnect: () => void;
}

/**
 * The dashboard's Highlights section (Pro, trial included): the merchant's highlights in store order
 * (create, rename, reorder, switch Latest off, delete; cover and stories in the editor), and the story
 * archive they are made from, newest first.
 */
export function HighlightsTab({ api, canTalk, onChoosePlan, onConnect }: THighlightsTabProps) {
  const { t, lang } = useI18n();
  const { state, reload } = useHighlights(api, canTalk);
  const [editing, setEditing] = useState<TMerchantHighlight | 'new'>();
  const [deleting, setDeleting] = useState<TMerchantHighlight>();
  const [deletingStory, setDeletingStory] = useState<TArchivedStory>();
  const [busy, setBusy] = useState(false);

  const say = (failure: TApiFailure) =>
    highlightsFailureMessage(lang, failure, t('dashboard.highlights.error.unknown'));
  const fail = (failure: TApiFailure) => toast.error(say(failure));

  /** Runs one change, reports its failure, and reloads either way (the server's order is the truth). */
  const change = async (
    run: () => Promise<{ ok: true } | { ok: false; failure: TApiFailure }>,
    done?: string,
  ) => {
    setBusy(true);
    const result = await run();
    if (result.ok) {
      if (done) toast.success(done);
    } else fail(result.failure);
    await reload();
    setBusy(false);
    return result.ok;
  };

  if (state.kind === 'loading' || state.kind === 'failed')
    return (
      <TabStateCard
        title={t('dashboard.highlights.title')}
        state={
          state.kind === 'loading'
            ? { kind: 'loading', message: t('dashboard.highlights.loading') }
            : {
                kind: 'failed',
                message: t('dashboard.highlights.loadFailed'),
                onRetry: () => void reload(),
                canRetry: canTalk,
              }
        }
      />
    );
  if (state.kind === 'plan_required')
    return (
      <Card
        title={t('dashboard.highlights.proTitle')}
        actions={
          <button type="button" className={primaryButton} onClick={onChoosePlan}>
            {t('dashboard.highlights.seePlans')}
          </button>
        }
      >
        <p className="text-sm leading-relaxed text-slate-700" data-testid="highlights-pro-note">
          {t('dashboard.highlights.proBody')}
        </p>
      </Card>
    );

  const { highlights, archive } = state;
  const move = (h: TMerchantHighlight, by: number) =>
    void change(() => api.update(h.id, { position: h.position + by }));

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <Card
        title={t('dashboard.highlights.title')}
        subtitle={t('dashboard.highlights.subtitle')}
        actions={
          <button
            type="button"
            className={primaryButton}
            onClick={() => setEditing('new')}
            disabled={!canTalk || busy}
          >
            <PlusIcon />
            {t('dashboard.highlights.new')}
          </button>
        }
      >
        {highlights.length === 0 ? (
          <p className="text-sm text-slate-600">{t('dashboard.highlights.empty')}</p>
        ) : (
          <ol className="grid gap-2" aria-label={t('dashboard.highlights.title')}>
            {highlights.map((h, index) => (
              <li
                key={h.id}
                className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-3 sm:flex-nowrap"
                data-testid="highlight-row"
              >
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <span className={`rounded-full p-0.5 ${h.enabled ? 'bg-brand-gradient' : 'bg-slate-200'}`}>
                    <span className="block rounded-full bg-white p-0.5">
                      <Thumb image={h.cover} size={52} round />
                    </span>
                  </span>
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="truncate font-bold text-slate-900">{h.title}</span>
                      {h.kind === 'latest' ? (
                        <Badge tone="brand">{t('dashboard.highlights.automatic')}</Badge>
                      ) : null}
                      {!h.enabled ? <Badge tone="slate">{t('dashboard.highlights.off')}</Badge> : null}
                    </p>
                    <p className="mt-0.5 text-sm text-slate-600">
                      {h.story_ids.length === 0
                        ? t('dashboard.highlights.noStories')
                        : countText(h.story_ids.length, lang, STORY_WORDS, false)}
                      {h.kind === 'latest' ? ` · ${t('dashboard.highlights.latestNote')}` : ''}
                    </p>
                  </div>
                </div>
                <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto sm:flex-nowrap">
                  <button
                    type="button"
                    className={iconButton}
                    onClick={() => move(h, -1)}
                    disabled={!canTalk || busy || index === 0}
                    aria-label={t('dashboard.highlights.moveUp', { title: h.title })}
                  >
                    <ArrowIcon up />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    onClick={() => move(h, 1)}
                    disabled={!canTalk || busy || index === highlights.length - 1}
                    aria-label={t('dashboard.highlights.moveDown', { title: h.title })}
                  >
                    <ArrowIcon />
                  </button>
                  {h.kind === 'latest' ? (
                    <label className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-800">
                      <input
                        type="checkbox"
                        className="size-4 accent-brand-700"
                        checked={h.enabled}
                        disabled={!canTalk || busy}
                        onChange={(e) => void change(() => api.update(h.id, { enabled: e.target.checked }))}
                      />
                      {t('dashboard.highlights.show')}
                    </label>
                  ) : null}
                  <button
                    type="button"
                    className={smallButton}
                    onClick={() => setEditing(h)}
                    disabled={!canTalk || busy}
                  >
                    {t('dashboard.highlights.edit')}
                  </button>
                  {h.kind === 'custom' ? (
                    <button
                      type="button"
                      className={`${smallButton} hover:border-red-700 hover:text-red-700`}
                      onClick={() => setDeleting(h)}
                      disabled={!canTalk || busy}
                    >
                      {t('dashboard.highlights.delete')}
                    </button>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        )}
      </Card>

      <FacebookStoriesCard api={api} canTalk={canTalk} onConnected={() => void reload()} />

      <StoryArchive
        archive={archive}
        canTalk={canTalk && !busy}
        onDelete={setDeletingStory}
        onConnect={onConnect}
      />

      {editing ? (
        <HighlightEditor
          highlight={editing === 'new' ? undefined : editing}
          stories={archive.stories}
          canTalk={canTalk}
          onClose={() => setEditing(undefined)}
          onSave={async (input) => {
            const coverStory = input.cover.kind === 'story' ? { cover_story_id: input.cover.id } : {};
            const saved =
              editing === 'new'
                ? await api.create({ title: input.title, story_ids: input.storyIds, ...coverStory })
                : await api.update(editing.id, {
                    title: input.title,
                    ...(editing.kind === 'custom' ? { story_ids: input.storyIds } : {}),
                    ...coverStory,
                  });
            if (!saved.ok) return say(saved.failure);
            if (input.cover.kind === 'file') {
              const uploaded = await api.uploadCover(saved.value.id, input.cover.file);
              if (!uploaded.ok) {
                await reload();
                return say(uploaded.failure);
              }
            }
            toast.success(t('dashboard.highlights.saved'));
            await reload();
            return true;
          }}
        />
      ) : null}

      <ConfirmDialog
        open={deleting !== undefined}
        title={t('dashboard.highlights.deleteTitle')}
        body={t('dashboard.highlights.deleteBody', { title: deleting?.title ?? '' })}
        confirmLabel={t('dashboard.highlights.delete')}
        cancelLabel={t('dashboard.highlights.cancel')}
        onConfirm={() => {
          const target = deleting;
          setDeleting(undefined);
          if (target) void change(() => api.remove(target.id), t('dashboard.highlights.deleted'));
        }}
        onCancel={() => setDeleting(undefined)}
      />
      <ConfirmDialog
        open={deletingStory !== undefined}
        title={t('dashboard.highlights.deleteStoryTitle')}
        body={t('dashboard.highlights.deleteStoryBody')}
        confirmLabel={t('dashboard.highlights.deleteStory')}
        cancelLabel={t('dashboard.highlights.cancel')}
        onConfirm={() => {
          const target = deletingStory;
          setDeletingStory(undefined);
          if (target) void change(() => api.deleteStory(target.id), t('dashboard.highlights.storyDeleted'));
        }}
        onCancel={() => setDeletingStory(undefined)}
      />
    </div>
  );
}

function StoryArchive({
  archive,
  canTalk,
  onDelete,
  onConnect,
}: {
  archive: {
    stories: TArchivedStory[];
    retention_days: number;
    archiving: boolean;
    last_polled_at: string | null;
  };
  canTalk: boolean;
  onDelete: (story: TArchivedStory) => void;
  onConnect: () => void;
}) {
  const { t, lang } = useI18n();
  const dates = useDateFormat();
  return (
    <Card
      title={t('dashboard.highlights.archiveTitle')}
      subtitle={t('dashboard.highlights.archiveSubtitle', {
        daysText: countText(archive.retention_days, lang, DAY_WORDS),
      })}
    >
      {!archive.archiving ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <p>{t('dashboard.highlights.notArchiving')}</p>
          <button type="button" className={smallButton} onClick={onConnect}>
            {t('dashboard.highlights.goConnect')}
          </button>
        </div>
      ) : archive.last_polled_at ? (
        <p className="mb-4 text-xs text-slate-500">
          {t('dashboard.highlights.lastPolled', { time: dates.format(new Date(archive.last_polled_at)) })}
        </p>
      ) : null}
      {archive.stories.length === 0 ? (
        <p className="text-sm text-slate-600">{t('dashboard.highlights.archiveEmpty')}</p>
      ) : (
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 xl:grid-cols-6" data-testid="story-archive">
          {archive.stories.map((story) => (
            <li key={story.id} className="min-w-0">
              <figure className="relative overflow-hidden rounded-xl bg-slate-100">
                <StoryImage story={story} />
                {story.media_type === 'video' ? <VideoBadge /> : null}
                <button
                  type="button"
                  className="absolute end-1.5 top-1.5 grid size-9 place-items-center rounded-full bg-white/90 text-slate-800 shadow hover:text-red-700 disabled:opacity-50"
                  onClick={() => onDelete(story)}
                  disabled={!canTalk}
                  aria-label={t('dashboard.highlights.deleteStory')}
                >
                  <TrashIcon />
                </button>
              </figure>
              <StoryDate at={story.taken_at} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** A story's picture in its 9:16 frame. */
function StoryImage({ story }: { story: TArchivedStory }) {
  return (
    <img
      src={thumbOf(story.image, 120)}
      alt=""
      loading="lazy"
      className="block aspect-[9/16] w-full object-cover"
      style={{ backgroundColor: story.image.color }}
    />
  );
}

function VideoBadge() {
  const { t } = useI18n();
  return (
    <span className="absolute bottom-1.5 start-1.5 inline-flex items-center gap-1 rounded-full bg-slate-900/75 px-2 py-0.5 text-[11px] font-semibold text-white">
      <svg viewBox="0 0 24 24" className="size-3" fill="currentColor" aria-hidden="true">
        <path d="M8 5v14l11-7z" />
      </svg>
      {t('dashboard.highlights.video')}
    </span>
  );
}

interface TEditorInput {
  title: string;
  storyIds: string[];
  /** Only what the merchant changed: a story (null: the first story again) or an image to upload. */
  cover: { kind: 'unchanged' } | { kind: 'story'; id: string | null } | { kind: 'file'; file: File };
}

/** Create or edit one highlight: its name, its stories (picked from the archive) and its cover. */
function HighlightEditor({
  highlight,
  stories,
  canTalk,
  onClose,
  onSave,
}: {
  highlight: TMerchantHighlight | undefined;
  stories: TArchivedStory[];
  canTalk: boolean;
  onClose: () => void;
  /** True when saved, else the message saying why not (the editor stays open with it). */
  onSave: (input: TEditorInput) => Promise<true | string>;
}) {
  const { t, lang } = useI18n();
  const dates = useDateFormat();
  const nameId = useId();
  const fileId = useId();
  const [title, setTitle] = useState(highlight?.title ?? '');
  const [picked, setPicked] = useState<string[]>(highlight?.story_ids ?? []);
  const [coverStoryId, setCoverStoryId] = useState<string | null>(highlight?.cover_story_id ?? null);
  const [coverFile, setCoverFile] = useState<File>();
  const [coverChanged, setCoverChanged] = useState(false);
  const [fileError, setFileError] = useState<string>();
  const [nameError, setNameError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string>();
  const automatic = highlight?.kind === 'latest';
  const choosable = automatic ? stories.filter((s) => highlight.story_ids.includes(s.id)) : stories;

  const coverSource = coverFile
    ? 'upload'
    : coverStoryId
      ? 'story'
      : !coverChanged && highlight?.cover_source === 'upload'
        ? 'upload'
        : 'auto';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') {
      setNameError(t('dashboard.highlights.nameRequired'));
      return;
    }
    setSaving(true);
    setSaveError(undefined);
    const done = await onSave({
      title: title.trim(),
      storyIds: picked,
      cover: coverFile
        ? { kind: 'file', file: coverFile }
        : coverChanged
          ? { kind: 'story', id: coverStoryId }
          : { kind: 'unchanged' },
    });
    setSaving(false);
    if (done === true) onClose();
    else setSaveError(done);
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !saving && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content className={`${dialogClass} max-w-3xl`} data-testid="highlight-editor">
          <Dialog.Title className="text-lg font-bold text-slate-900">
            {highlight ? t('dashboard.highlights.editTitle') : t('dashboard.highlights.createTitle')}
          </Dialog.Title>
          <Dialog.Description className="sr-only">{t('dashboard.highlights.subtitle')}</Dialog.Description>
          <form className="mt-5 grid gap-5" onSubmit={(e) => void submit(e)} noValidate>
            <div>
              <label htmlFor={nameId} className={fieldLabelClass}>
                {t('dashboard.highlights.nameLabel')}
              </label>
              <input
                id={nameId}
                className={inputClass}
                value={title}
                maxLength={HIGHLIGHT_TITLE_MAX}
                placeholder={t('dashboard.highlights.namePlaceholder')}
                aria-invalid={nameError ? true : undefined}
                onChange={(e) => {
                  setTitle(e.target.value);
                  setNameError(undefined);
                }}
              />
              {nameError ? (
                <p role="alert" className="mt-1.5 text-sm text-red-800">
                  {nameError}
                </p>
              ) : null}
            </div>

            <fieldset>
              <legend className={fieldLabelClass}>{t('dashboard.highlights.coverLabel')}</legend>
              <div className="flex flex-wrap items-center gap-3">
                <Badge tone="brand">
                  {coverSource === 'upload'
                    ? t('dashboard.highlights.coverUpload')
                    : coverSource === 'story'
                      ? t('dashboard.highlights.coverStory')
                      : t('dashboard.highlights.coverAuto')}
                </Badge>
                {coverSource !== 'auto' ? (
                  <button
                    type="button"
                    className={smallButton}
                    onClick={() => {
                      setCoverStoryId(null);
                      setCoverFile(undefined);
                      setCoverChanged(true);
                    }}
                  >
                    {t('dashboard.highlights.coverAuto')}
                  </button>
                ) : null}
                <label htmlFor={fileId} className={`${smallButton} cursor-pointer`}>
                  {t('dashboard.highlights.uploadCover')}
                </label>
                <input
                  id={fileId}
                  type="file"
                  accept={HIGHLIGHT_COVER_TYPES.join(',')}
                  className="sr-only"
                  data-testid="cover-file"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (!file) return;
                    if (
                      file.size > HIGHLIGHT_COVER_MAX_BYTES ||
                      !HIGHLIGHT_COVER_TYPES.some((type) => type === file.type)
                    ) {
                      setFileError(apiErrorMessage(lang, { code: 'invalid_image' }));
                      return;
                    }
                    setFileError(undefined);
                    setCoverFile(file);
                    setCoverStoryId(null);
                    setCoverChanged(true);
                  }}
                />
                {coverFile ? <span className="truncate text-sm text-slate-700">{coverFile.name}</span> : null}
              </div>
              <p className="mt-1.5 text-xs text-slate-500">
                {t('dashboard.highlights.coverPickHint')} {t('dashboard.highlights.coverFileNote')}
              </p>
              {fileError ? (
                <p role="alert" className="mt-1.5 text-sm text-red-800">
                  {fileError}
                </p>
              ) : null}
            </fieldset>

            <fieldset>
              <legend className={fieldLabelClass}>
                {t('dashboard.highlights.pickLabel')}{' '}
                {!automatic ? (
                  <span className="font-normal text-slate-500">
                    ({t('dashboard.highlights.selectedCount', { count: picked.length })})
                  </span>
                ) : null}
              </legend>
              <p className="mb-3 text-xs text-slate-500">
                {automatic ? t('dashboard.highlights.latestNote') : t('dashboard.highlights.pickHint')}
              </p>
              {choosable.length === 0 ? (
                <p className="text-sm text-slate-600">{t('dashboard.highlights.archiveEmpty')}</p>
              ) : (
                <ul className="grid grid-cols-3 gap-3 p-1 sm:grid-cols-5">
                  {choosable.map((story) => {
                    const order = picked.indexOf(story.id);
                    const isCover = coverStoryId === story.id;
                    const label = t('dashboard.highlights.storyAt', {
                      date: dates.format(new Date(story.taken_at)),
                    });
                    return (
                      <li key={story.id} className="min-w-0">
                        <div className="relative">
                          <button
                            type="button"
                            className={`block w-full overflow-hidden rounded-xl ring-offset-2 transition ${order >= 0 || automatic ? 'ring-2 ring-brand-600' : 'opacity-80 hover:opacity-100'}`}
                            aria-pressed={automatic ? undefined : order >= 0}
                            aria-label={label}
                            disabled={automatic}
                            onClick={() => setPicked((p) => togglePick(p, story.id))}
                            data-testid="pick-story"
                          >
                            <StoryImage story={story} />
                          </button>
                          {order >= 0 && !automatic ? (
                            <span className="pointer-events-none absolute start-1.5 top-1.5 grid size-6 place-items-center rounded-full bg-brand-700 text-xs font-bold text-white">
                              {order + 1}
                            </span>
                          ) : null}
                          <button
                            type="button"
                            className={`absolute end-1.5 top-1.5 grid size-8 place-items-center rounded-full shadow ${isCover ? 'bg-amber-400 text-white' : 'bg-white/90 text-slate-700'}`}
                            aria-pressed={isCover}
                            aria-label={`${t('dashboard.highlights.useAsCover')}: ${label}`}
                            onClick={() => {
                              setCoverStoryId(isCover ? null : story.id);
                              setCoverFile(undefined);
                              setCoverChanged(true);
                            }}
                          >
                            <StarIcon />
                          </button>
                          {story.media_type === 'video' ? <VideoBadge /> : null}
                        </div>
                        <StoryDate at={story.taken_at} />
                      </li>
                    );
                  })}
                </ul>
              )}
            </fieldset>

            {saveError ? (
              <p
                role="alert"
                className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
              >
                {saveError}
              </p>
            ) : null}
            <div className="sticky -bottom-6 -mx-6 flex flex-wrap justify-end gap-2 border-t border-slate-100 bg-white px-6 py-4 sm:-bottom-7 sm:-mx-7 sm:px-7">
              <button type="button" className={secondaryButton} onClick={onClose} disabled={saving}>
                {t('dashboard.highlights.cancel')}
              </button>
              <button type="submit" className={primaryButton} disabled={saving || !canTalk}>
                {saving ? t('dashboard.highlights.saving') : t('dashboard.highlights.save')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PlusIcon() {
  return (
    <OutlineIcon>
      <path d="M12 5v14M5 12h14" />
    </OutlineIcon>
  );
}

function ArrowIcon({ up = false }: { up?: boolean }) {
  return (
    <OutlineIcon>{up ? <path d="M12 19V5M6 11l6-6 6 6" /> : <path d="M12 5v14M6 13l6 6 6-6" />}</OutlineIcon>
  );
}

function TrashIcon() {
  return (
    <OutlineIcon className="size-4">
      <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
    </OutlineIcon>
  );
}

function StarIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
      <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />
    </svg>
  );
}
