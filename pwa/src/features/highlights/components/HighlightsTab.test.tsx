import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { API_ERRORS, type TArchivedStory, type TMerchantHighlight, type TStoredImage } from '@app/shared';
import { I18nProvider } from '../../../i18n/I18nProvider';
import { loadCataloguePart } from '../../../i18n/catalogue';
import { apiError, fakeFetch, jsonResponse, type TRecordedCall } from '../../../test/fixtures';
import { createHighlightsApi } from '../lib/highlights-api';
import { HighlightsTab } from './HighlightsTab';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 20_000 });

const image = (n: number): TStoredImage => ({
  kind: 'image',
  width: 1080,
  height: 1920,
  color: '#336699',
  renditions: [{ width: 320, height: 569, path: `/media/${String(n).repeat(64).slice(0, 64)}-320.webp` }],
});
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const story = (n: number, takenAt: string, video = false): TArchivedStory => ({
  id: id(n),
  media_type: video ? 'video' : 'image',
  taken_at: takenAt,
  image: image(n),
  video: video ? { kind: 'video', path: `/media/${'a'.repeat(64)}.mp4` } : null,
  duration: null,
  highlight_ids: [],
});
// Newest first, as the API lists them.
const STORIES = [
  story(3, '2026-03-04T18:30:00.000Z', true),
  story(2, '2026-03-03T12:00:00.000Z'),
  story(1, '2026-03-01T08:15:00.000Z'),
];
const latest: TMerchantHighlight = {
  id: id(100),
  kind: 'latest',
  title: 'Latest',
  position: 0,
  enabled: true,
  cover_source: 'auto',
  cover_story_id: null,
  cover: image(3),
  story_ids: [id(1), id(2), id(3)],
};
const offers: TMerchantHighlight = {
  ...latest,
  id: id(101),
  kind: 'custom',
  title: 'Offers',
  position: 1,
  cover: image(1),
  story_ids: [id(1)],
};

/** A small in-memory API: answers what the tab asks and records what it sends. */
function fakeApi(
  options: {
    highlights?: TMerchantHighlight[];
    planRequired?: boolean;
    failCreate?: string;
    facebook?: { username: string; status: 'active' | 'needs_reconnect' };
  } = {},
) {
  let highlights = options.highlights ?? [latest, offers];
  let stories = [...STORIES];
  const uploads: { url: string; type: string | null; body: unknown }[] = [];
  const double = fakeFetch((call: TRecordedCall) => {
    if (options.planRequired) return apiError(403, 'plan_required', 'Highlights are a Pro feature.');
    const { url, method } = call;
    if (url === '/api/merchant/stories' && method === 'GET')
      return jsonResponse({
        stories,
        retention_days: 90,
        archiving: true,
        last_polled_at: STORIES[0]!.taken_at,
      });
    if (url === '/api/merchant/highlights' && method === 'GET') return jsonResponse({ highlights });
    if (url === '/api/facebook/connection' && method === 'GET')
      return jsonResponse({
        connected: options.facebook !== undefined,
        login_available: true,
        username_available: true,
        username: options.facebook?.username ?? null,
        account_type: options.facebook ? 'BUSINESS' : null,
        status: options.facebook?.status ?? null,
        sample_content: false,
        connected_at: options.facebook ? '2026-03-01T09:00:00.000Z' : null,
        token_expires_at: null,
      });
    if (url === '/api/merchant/highlights' && method === 'POST') {
      if (options.failCreate) return apiError(409, options.failCreate, 'refused');
      const created: TMerchantHighlight = {
        ...offers,
        id: id(200),
        title: String(call.body?.title),
        position: highlights.length,
        story_ids: (call.body?.story_ids as string[]) ?? [],
        cover_story_id: (call.body?.cover_story_id as string | undefined) ?? null,
      };
      highlights = [...highlights, created];
      return jsonResponse(created, 201);
    }
    const match = /^\/api\/merchant\/highlights\/([^/]+)(\/cover)?$/.exec(url);
    if (match) {
      const target = highlights.find((h) => h.id === match[1]);
      if (!target) return apiError(404, 'merchant_highlight_not_found', 'missing');
      if (match[2] && method === 'PUT') {
        uploads.push({ url, type: call.headers.get('content-type'), body: call.body });
        return jsonResponse({ ...target, cover_source: 'upload' });
      }
      if (method === 'PATCH') {
        const body = call.body ?? {};
        if (typeof body.position === 'number') {
          const rest = highlights.filter((h) => h.id !== target.id);
          rest.splice(body.position, 0, target);
          highlights = rest.map((h, position) => ({ ...h, position }));
        }
        highlights = highlights.map((h) =>
          h.id === target.id
            ? {
                ...h,
                ...(typeof body.title === 'string' ? { title: body.title } : {}),
                ...(typeof body.enabled === 'boolean' ? { enabled: body.enabled } : {}),
              }
            : h,
        );
        return jsonResponse(highlights.find((h) => h.id === target.id));
      }
      if (method === 'DELETE') {
        highlights = highlights.filter((h) => h.id !== target.id);
        return new Response(null, { status: 204 });
      }
    }
    const storyMatch = /^\/api\/merchant\/stories\/(.+)$/.exec(url);
    if (storyMatch && method === 'DELETE') {
      stories = stories.filter((s) => s.id !== storyMatch[1]);
      return new Response(null, { status: 204 });
    }
    return apiError(404, 'not_found', 'Not found');
  });
  return { api: createHighlightsApi(double.fetch), calls: double.calls, uploads };
}

function renderTab(fake: ReturnType<typeof fakeApi>, lang: 'ar' | 'en' = 'en') {
  const onChoosePlan = vi.fn();
  const onConnect = vi.fn();
  render(
    <I18nProvider initialLang={lang}>
      <HighlightsTab api={fake.api} canTalk onChoosePlan={onChoosePlan} onConnect={onConnect} />
    </I18nProvider>,
  );
  return { onChoosePlan, onConnect };
}

const rows = () => screen.getAllByTestId('highlight-row');
const sent = (fake: ReturnType<typeof fakeApi>, method: string) =>
  fake.calls.filter((c) => c.method === method).map((c) => ({ url: c.url, body: c.body }));

beforeEach(async () => {
  await loadCataloguePart('dashboard');
});

describe('Highlights section: where stories come from', () => {
  it.each(['en', 'ar'] as const)(
    'says in %s that stories need the Facebook connection, with its button',
    async (lang) => {
      renderTab(fakeApi(), lang);
      const why = await screen.findByTestId('facebook-why');
      expect(why.textContent).toMatch(
        lang === 'en' ? /only through a Facebook connection/ : /عبر ربط فيسبوك/,
      );
      expect((await screen.findByTestId('facebook-connect')).textContent).toBe(
        lang === 'en' ? 'Connect with Facebook' : 'الربط عبر فيسبوك',
      );
    },
  );

  it('names the account Facebook reads, and asks for a reconnect when Facebook refused it', async () => {
    renderTab(fakeApi({ facebook: { username: 'oud_house', status: 'active' } }));
    expect((await screen.findByTestId('facebook-connected-as')).textContent).toContain('@oud_house');
    expect(screen.queryByTestId('facebook-connect')).toBeNull();
    cleanup();
    renderTab(fakeApi({ facebook: { username: 'oud_house', status: 'needs_reconnect' } }));
    expect((await screen.findByTestId('facebook-connect')).textContent).toBe('Reconnect with Facebook');
  });
});

describe('Highlights section', () => {
  it('lists the highlights in store order (Latest marked automatic) and the archive newest first, with dates', async () => {
    const fake = fakeApi();
    renderTab(fake);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]!).getByText('Latest')).toBeTruthy();
    expect(within(rows()[0]!).getByText('Automatic')).toBeTruthy();
    expect(within(rows()[0]!).getByText(/3 stories/)).toBeTruthy();
    expect(within(rows()[1]!).getByText('1 story')).toBeTruthy();
    // Only custom highlights can be deleted; Latest can be hidden instead.
    expect(within(rows()[0]!).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(rows()[0]!).getByRole('checkbox', { name: 'Show on store' })).toBeTruthy();

    const archive = screen.getByTestId('story-archive');
    const times = within(archive)
      .getAllByText((_, el) => el?.tagName === 'TIME')
      .map((el) => el.getAttribute('datetime'));
    expect(times).toEqual(STORIES.map((s) => s.taken_at));
    expect(within(archive).getByText('Mar 4, 2026')).toBeTruthy();
    expect(within(archive).getByText('6:30 PM')).toBeTruthy();
    expect(within(archive).getByText('Video')).toBeTruthy();
  });

  it('creates a highlight from picked stories, in the order picked, with a story as its cover', async () => {
    const fake = fakeApi();
    renderTab(fake);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'New highlight' }));
    const editor = await screen.findByTestId('highlight-editor');
    // No name: the form says so and sends nothing.
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(await within(editor).findByText('Give the highlight a name.')).toBeTruthy();
    expect(sent(fake, 'POST')).toEqual([]);

    fireEvent.change(within(editor).getByLabelText('Name'), { target: { value: ' Reviews ' } });
    const picks = within(editor).getAllByTestId('pick-story');
    fireEvent.click(picks[2]!); // the oldest first
    fireEvent.click(picks[0]!);
    expect(picks[2]!.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(editor).getAllByRole('button', { name: /^Use as cover/ })[0]!);
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(sent(fake, 'POST')).toEqual([
      {
        url: '/api/merchant/highlights',
        body: { title: 'Reviews', story_ids: [id(1), id(3)], cover_story_id: id(3) },
      },
    ]);
    expect(screen.queryByTestId('highlight-editor')).toBeNull();
  });

  it('reorders with the arrows, hides Latest, and deletes after confirming', async () => {
    const fake = fakeApi();
    renderTab(fake);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Move Offers earlier' }));
    await waitFor(() => expect(within(rows()[0]!).getByText('Offers')).toBeTruthy());
    expect(sent(fake, 'PATCH')).toEqual([
      { url: `/api/merchant/highlights/${id(101)}`, body: { position: 0 } },
    ]);
    expect((screen.getByRole('button', { name: 'Move Offers earlier' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    fireEvent.click(screen.getByRole('checkbox', { name: 'Show on store' }));
    await waitFor(() => expect(screen.getByText('Hidden')).toBeTruthy());
    expect(sent(fake, 'PATCH')[1]).toEqual({
      url: `/api/merchant/highlights/${id(100)}`,
      body: { enabled: false },
    });

    fireEvent.click(within(rows()[0]!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/"Offers" leaves your store/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(sent(fake, 'DELETE')).toEqual([{ url: `/api/merchant/highlights/${id(101)}`, body: undefined }]);
  });

  it('renames with an uploaded cover: the name is saved, then the image is sent as the body', async () => {
    const fake = fakeApi();
    renderTab(fake);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rows()[1]!).getByRole('button', { name: 'Edit' }));
    const editor = await screen.findByTestId('highlight-editor');
    fireEvent.change(within(editor).getByLabelText('Name'), { target: { value: 'Sale' } });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cover.png', { type: 'image/png' });
    fireEvent.change(within(editor).getByTestId('cover-file'), { target: { files: [file] } });
    expect(within(editor).getByText('Uploaded image')).toBeTruthy();
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.uploads).toHaveLength(1));
    // The upload replaces the cover, so the PATCH does not name a cover story.
    expect(sent(fake, 'PATCH')).toEqual([
      { url: `/api/merchant/highlights/${id(101)}`, body: { title: 'Sale', story_ids: [id(1)] } },
    ]);
    expect(fake.uploads[0]).toMatchObject({
      url: `/api/merchant/highlights/${id(101)}/cover`,
      type: 'image/png',
    });
    await waitFor(() => expect(within(rows()[1]!).getByText('Sale')).toBeTruthy());
  });

  it('deletes an archived story after confirming', async () => {
    const fake = fakeApi();
    renderTab(fake);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const archive = screen.getByTestId('story-archive');
    fireEvent.click(within(archive).getAllByRole('button', { name: 'Delete story' })[1]!);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete story' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('story-archive')).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(sent(fake, 'DELETE')).toEqual([{ url: `/api/merchant/stories/${id(2)}`, body: undefined }]);
  });

  it('says why by the API code, in Arabic by default', async () => {
    const fake = fakeApi({ failCreate: 'highlights_limit' });
    renderTab(fake, 'ar');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByText('القصص المميزة', { selector: 'h2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'قصة مميزة جديدة' }));
    const editor = await screen.findByTestId('highlight-editor');
    fireEvent.change(within(editor).getByLabelText('الاسم'), { target: { value: 'العروض' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText(API_ERRORS.highlights_limit.ar)).toBeTruthy();
    // The editor stays open with what was typed.
    expect((within(editor).getByLabelText('الاسم') as HTMLInputElement).value).toBe('العروض');
  });

  it('without Pro: explains the feature and offers the plans', async () => {
    const fake = fakeApi({ planRequired: true });
    const { onChoosePlan } = renderTab(fake);
    expect(await screen.findByTestId('highlights-pro-note')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'See plans' }));
    expect(onChoosePlan).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('highlight-row')).toBeNull();
  });
});
