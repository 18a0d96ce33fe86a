import { useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import {
  apiErrorMessage,
  dateLocale,
  MAX_POST_PRODUCTS,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_TYPES,
  type TMerchantPost,
  type TProduct,
  type TProductsList,
  type TStoredImage,
  type TWidgetInit,
  withHttps,
} from '@app/shared';
import { toast } from '../../../ui/toast';
import { useI18n } from '../../../i18n/useI18n';
import { primaryButton, secondaryButton } from '../../../ui/styles';
import type { TApiFailure } from '../../auth/lib/api-request';
import { Badge, Card, Field, fieldLabelClass, inputClass, TextField } from '../../../ui/controls';
import { dialogClass, overlayClass } from '../../dashboard/components/ConfirmDialog';
import { TabStateCard } from '../../dashboard/components/TabStateCard';
import { WidgetPreview } from '../../dashboard/components/WidgetPreview';
import type { TMerchantApi } from '../../dashboard/lib/merchant-api';
import { freePinPosition, parseRiyals, productName, riyals, type TPostsApi } from '../lib/posts-api';

const smallButton =
  'inline-flex min-h-9 items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 text-sm font-semibold text-slate-800 transition hover:border-brand-700 hover:text-brand-700 disabled:cursor-not-allowed disabled:opacity-50 aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-800';

function thumbOf(image: TStoredImage, size: number): string {
  return (image.renditions.find((r) => r.width >= size * 2) ?? image.renditions.at(-1)!).path;
}

function ProductThumb({ image, size = 40 }: { image: TStoredImage | null; size?: number }) {
  if (!image)
    return (
      <span
        aria-hidden="true"
        className="block shrink-0 rounded-lg bg-slate-200"
        style={{ width: size, height: size }}
      />
    );
  return (
    <img
      src={thumbOf(image, size)}
      alt=""
      width={size}
      height={size}
      className="block shrink-0 rounded-lg object-cover"
      style={{ width: size, height: size, backgroundColor: image.color }}
    />
  );
}

/** The note that says why no more posts can be pinned; the disabled Pin buttons point at it. */
const PINS_FULL_ID = 'posts-pins-full';

function Price({ product }: { product: TProduct }) {
  const { t, lang } = useI18n();
  const [sale, price] =
    product.sale_price_halalas !== null
      ? riyals([product.sale_price_halalas, product.price_halalas], lang)
      : [null, ...riyals([product.price_halalas], lang)];
  return (
    <span className="text-xs text-slate-600">
      {sale !== null ? (
        <>
          <span className="font-semibold text-slate-800">{sale}</span> <s>{price}</s>
        </>
      ) : (
        price
      )}
      {!product.available ? (
        <span className="ms-2 font-semibold text-red-700">{t('dashboard.posts.soldOut')}</span>
      ) : null}
    </span>
  );
}

export interface TPostsTabProps {
  api: TPostsApi;
  merchantApi: TMerchantApi;
  widgetKey: string | null;
  canTalk: boolean;
  /** Opens the plans (billing) tab. */
  onChoosePlan: () => void;
  /** Opens the account tab (connect Instagram). */
  onConnect: () => void;
}

type TState =
  { kind: 'loading' } | { kind: 'failed'; failure: TApiFailure } | { kind: 'ready'; posts: TMerchantPost[] };

/**
 * The dashboard's Posts tab (all plans): the account's posts newest first, each with hide/show, pin (up to
 * 3, reordered with arrows) and "Link products" (Pro, trial included). Every change is saved at once and the
 * preview beside it reloads the store's widget as shoppers now see it.
 */
export function PostsTab({ api, merchantApi, widgetKey, canTalk, onChoosePlan, onConnect }: TPostsTabProps) {
  const { t, lang } = useI18n();
  const [state, setState] = useState<TState>({ kind: 'loading' });
  const [catalogue, setCatalogue] = useState<TProductsList | 'plan_required' | undefined>();
  const [busy, setBusy] = useState(false);
  const [linking, setLinking] = useState<TMerchantPost>();
  const [preview, setPreview] = useState<TWidgetInit | undefined>();
  const [version, setVersion] = useState(0);
  const dates = useMemo(() => new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: 'medium' }), [lang]);

  const reload = useCallback(async () => {
    const [posts, products] = await Promise.all([api.posts(), api.products('')]);
    if (posts.ok) setState({ kind: 'ready', posts: posts.value });
    else setState((prev) => (prev.kind === 'ready' ? prev : { kind: 'failed', failure: posts.failure }));
    if (products.ok) setCatalogue(products.value);
    else if (products.failure.kind === 'http' && products.failure.code === 'products_plan_required')
      setCatalogue('plan_required');
  }, [api]);

  useEffect(() => {
    if (canTalk) void reload();
  }, [canTalk, reload]);

  useEffect(() => {
    if (!widgetKey || !canTalk) return;
    let live = true;
    void merchantApi.widgetInit(widgetKey, `posts.${Date.now().toString(36)}.${version}`).then((result) => {
      if (live && result.ok) setPreview(result.value);
    });
    return () => {
      live = false;
    };
  }, [merchantApi, widgetKey, canTalk, version]);

  const say = (failure: TApiFailure) =>
    failure.kind === 'http' ? apiErrorMessage(lang, failure) : t('dashboard.posts.error');

  const update = async (post: TMerchantPost, input: Parameters<TPostsApi['update']>[1]) => {
    setBusy(true);
    // Shown at once; the server's answer (and a reload) confirm it.
    setState((prev) =>
      prev.kind === 'ready'
        ? {
            kind: 'ready',
            posts: prev.posts.map((p) =>
              p.id === post.id
                ? {
                    ...p,
                    ...(input.hidden !== undefined ? { hidden: input.hidden } : {}),
                    ...(input.pinned_position !== undefined
                      ? { pinned_position: input.pinned_position }
                      : {}),
                  }
                : p,
            ),
          }
        : prev,
    );
    const result = await api.update(post.id, input);
    if (!result.ok) toast.error(say(result.failure));
    await reload();
    setVersion((v) => v + 1);
    setBusy(false);
    return result.ok;
  };

  if (!widgetKey || state.kind !== 'ready')
    return (
      <TabStateCard
        title={t('dashboard.posts.title')}
        state={
          !widgetKey
            ? {
                kind: 'needs',
                message: t('dashboard.posts.connectFirst'),
                action: t('dashboard.posts.goToAccount'),
                onAction: onConnect,
              }
            : state.kind === 'loading'
              ? { kind: 'loading', message: t('dashboard.posts.loading') }
              : { kind: 'failed', message: t('dashboard.posts.loadFailed'), onRetry: () => void reload() }
        }
      />
    );

  const posts = state.posts;
  const freePin = freePinPosition(posts);
  const pinned = posts
    .filter((p) => p.pinned_position !== null)
    .sort((a, b) => a.pinned_position! - b.pinned_position!);
  const removed = catalogue && catalogue !== 'plan_required' ? catalogue.removed : [];
  const productsAllowed = catalogue !== 'plan_required';

  const movePin = (post: TMerchantPost, step: -1 | 1) => {
    const at = pinned.findIndex((p) => p.id === post.id);
    const other = pinned[at + step];
    if (other) void update(post, { pinned_position: other.pinned_position });
  };

  return (
    <div className="grid grid-cols-1 gap-5 xl:grid-cols-[minmax(0,1fr)_380px]">
      <div className="grid min-w-0 gap-5">
        {removed.length > 0 ? (
          <section
            role="status"
            className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
          >
            <h3 className="font-bold">{t('dashboard.posts.removedTitle')}</h3>
            <ul className="mt-2 grid gap-2">
              {removed.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>{t('dashboard.posts.removedBody', { name: productName(p, lang) })}</span>
                  <button
                    type="button"
                    className={smallButton}
                    onClick={() => void api.deleteProduct(p.id).then(() => reload())}
                  >
                    {t('dashboard.posts.dismiss')}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <Card title={t('dashboard.posts.title')} subtitle={t('dashboard.posts.subtitle')}>
          {!productsAllowed ? (
            <p className="mb-4 flex flex-wrap items-center gap-3 rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-700">
              {t('dashboard.posts.proOnly')}
              <button type="button" className={smallButton} onClick={onChoosePlan}>
                {t('dashboard.posts.choosePlan')}
              </button>
            </p>
          ) : null}
          {freePin === undefined ? (
            // Why the other posts' Pin buttons are off, in words on the page (not only in a tooltip).
            <p
              id={PINS_FULL_ID}
              role="status"
              data-testid="pins-full"
              className="mb-4 rounded-xl bg-sky-50 px-3 py-2 text-sm text-sky-950"
            >
              {t('dashboard.posts.pinsFull')}
            </p>
          ) : null}
          {posts.length === 0 ? (
            <p className="text-sm text-slate-600">{t('dashboard.posts.empty')}</p>
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:gap-4 2xl:grid-cols-3" data-testid="posts-grid">
              {posts.map((post) => {
                const isPinned = post.pinned_position !== null;
                const at = pinned.findIndex((p) => p.id === post.id);
                const date = dates.format(new Date(post.timestamp));
                return (
                  <li
                    key={post.id}
                    data-post-id={post.id}
                    className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white"
                  >
                    <div className="relative aspect-square overflow-hidden bg-slate-100">
                      <img
                        src={thumbOf(post.media.image, 200)}
                        alt={t('dashboard.posts.postAlt', { date })}
                        loading="lazy"
                        className={`absolute inset-0 size-full object-cover ${post.hidden ? 'opacity-40 grayscale' : ''}`}
                        style={{ backgroundColor: post.media.image.color }}
                      />
                      <span className="absolute start-2 top-2 flex flex-wrap gap-1">
                        {post.hidden ? <Badge tone="slate">{t('dashboard.posts.hidden')}</Badge> : null}
                        {isPinned ? (
                          <Badge tone="brand">
                            {t('dashboard.posts.pinned', { position: post.pinned_position! })}
                          </Badge>
                        ) : null}
                      </span>
                    </div>
                    <div className="flex flex-1 flex-col gap-3 p-3">
                      <p className="line-clamp-2 break-words text-sm text-slate-700" dir="auto">
                        {post.caption || t('dashboard.posts.noCaption')}
                      </p>
                      <time dateTime={post.timestamp} className="text-xs text-slate-500">
                        {date}
                      </time>
                      {post.products.length > 0 ? (
                        <ul className="grid gap-1.5" aria-label={t('dashboard.posts.chosen')}>
                          {post.products.map((p) => (
                            <li key={p.id} className="flex items-center gap-2 text-sm">
                              <ProductThumb image={p.image} size={28} />
                              <span className="min-w-0 flex-1 truncate" dir="auto">
                                {productName(p, lang)}
                              </span>
                            </li>
                          ))}
                        </ul>
                      ) : null}
                      <div className="mt-auto flex flex-wrap gap-2">
                        <button
                          type="button"
                          className={smallButton}
                          aria-pressed={post.hidden}
                          aria-label={
                            post.hidden ? t('dashboard.posts.showLabel') : t('dashboard.posts.hideLabel')
                          }
                          disabled={busy || !canTalk}
                          onClick={() => void update(post, { hidden: !post.hidden })}
                        >
                          {post.hidden ? t('dashboard.posts.show') : t('dashboard.posts.hide')}
                        </button>
                        <button
                          type="button"
                          className={smallButton}
                          aria-pressed={isPinned}
                          aria-label={
                            isPinned ? t('dashboard.posts.unpinLabel') : t('dashboard.posts.pinLabel')
                          }
                          aria-describedby={!isPinned && freePin === undefined ? PINS_FULL_ID : undefined}
                          disabled={busy || !canTalk || (!isPinned && freePin === undefined)}
                          onClick={() => void update(post, { pinned_position: isPinned ? null : freePin! })}
                        >
                          {isPinned ? t('dashboard.posts.unpin') : t('dashboard.posts.pin')}
                        </button>
                        {isPinned && pinned.length > 1 ? (
                          <>
                            <button
                              type="button"
                              className={smallButton}
                              aria-label={t('dashboard.posts.moveEarlier')}
                              disabled={busy || at === 0}
                              onClick={() => movePin(post, -1)}
                            >
                              <span aria-hidden="true">{lang === 'ar' ? '→' : '←'}</span>
                            </button>
                            <button
                              type="button"
                              className={smallButton}
                              aria-label={t('dashboard.posts.moveLater')}
                              disabled={busy || at === pinned.length - 1}
                              onClick={() => movePin(post, 1)}
                            >
                              <span aria-hidden="true">{lang === 'ar' ? '←' : '→'}</span>
                            </button>
                          </>
                        ) : null}
                        <button
                          type="button"
                          className={smallButton}
                          disabled={busy || !canTalk}
                          onClick={() => (productsAllowed ? setLinking(post) : onChoosePlan())}
                        >
                          {t('dashboard.posts.linkProducts')}
                          {post.products.length > 0 ? (
                            <span className="text-xs font-normal text-slate-500">
                              <span aria-hidden="true">({post.products.length})</span>
                              <span className="sr-only">
                                {post.products.length === 1
                                  ? t('dashboard.posts.oneProduct')
                                  : t('dashboard.posts.productsCount', { count: post.products.length })}
                              </span>
                            </span>
                          ) : null}
                        </button>
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </Card>
      </div>
      <Card
        title={t('dashboard.posts.previewTitle')}
        subtitle={t('dashboard.posts.previewNote')}
        className="self-start xl:sticky xl:top-4"
      >
        <div
          className="max-h-[70vh] overflow-auto rounded-xl border border-dashed border-slate-300"
          data-testid="posts-preview"
        >
          {preview ? <WidgetPreview data={preview.data} lang={lang} /> : null}
        </div>
      </Card>
      {linking ? (
        <ProductPicker
          api={api}
          post={linking}
          onClose={() => setLinking(undefined)}
          onSave={async (ids) => {
            const ok = await update(linking, { product_ids: ids });
            if (ok) {
              toast.success(t('dashboard.posts.saved'));
              setLinking(undefined);
            }
          }}
        />
      ) : null}
    </div>
  );
}

/** Search the store's catalogue (or the merchant's own products) and choose up to 5, in order. */
function ProductPicker({
  api,
  post,
  onClose,
  onSave,
}: {
  api: TPostsApi;
  post: TMerchantPost;
  onClose: () => void;
  onSave: (ids: string[]) => Promise<void>;
}) {
  const { t, lang } = useI18n();
  const searchId = useId();
  const [chosen, setChosen] = useState<TProduct[]>(post.products);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<TProductsList | undefined>();
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [creating, setCreating] = useState(false);

  const search = useCallback(
    async (q: string, page = 1) => {
      setLoading(true);
      const found = await api.products(q, page);
      setLoading(false);
      if (!found.ok) {
        toast.error(
          found.failure.kind === 'http' ? apiErrorMessage(lang, found.failure) : t('dashboard.posts.error'),
        );
        return;
      }
      setResults((prev) =>
        page > 1 && prev
          ? { ...found.value, products: [...prev.products, ...found.value.products] }
          : found.value,
      );
    },
    [api, lang, t],
  );

  useEffect(() => {
    const timer = setTimeout(() => void search(query), 250);
    return () => clearTimeout(timer);
  }, [query, search]);

  const isChosen = (p: TProduct) =>
    chosen.some(
      (c) =>
        c.id === p.id || (c.external_id !== null && c.external_id === p.external_id && c.source === p.source),
    );
  const full = chosen.length >= MAX_POST_PRODUCTS;

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !saving && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content className={`${dialogClass} max-w-2xl`} data-testid="product-picker">
          <Dialog.Title className="text-lg font-bold text-slate-900">
            {t('dashboard.posts.pickerTitle')}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            {t('dashboard.posts.pickerSubtitle')}
          </Dialog.Description>

          <h3 className="mt-5 text-sm font-bold text-slate-900">{t('dashboard.posts.chosen')}</h3>
          {chosen.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">{t('dashboard.posts.noneChosen')}</p>
          ) : (
            <ol className="mt-2 grid gap-2">
              {chosen.map((p, i) => (
                <li key={p.id} className="flex items-center gap-2 rounded-lg border border-slate-200 p-2">
                  <span className="w-5 text-center text-xs font-bold text-slate-500">{i + 1}</span>
                  <ProductThumb image={p.image} />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate text-sm font-semibold" dir="auto">
                      {productName(p, lang)}
                    </span>
                    <Price product={p} />
                  </span>
                  <button
                    type="button"
                    className={smallButton}
                    onClick={() => setChosen(chosen.filter((c) => c.id !== p.id))}
                    aria-label={`${t('dashboard.posts.remove')}: ${productName(p, lang)}`}
                  >
                    {t('dashboard.posts.remove')}
                  </button>
                </li>
              ))}
            </ol>
          )}
          {full ? <p className="mt-2 text-sm text-amber-800">{t('dashboard.posts.maxProducts')}</p> : null}

          <div className="mt-5 flex flex-wrap items-end gap-3">
            <div className="min-w-0 flex-1">
              <label htmlFor={searchId} className={fieldLabelClass}>
                {t('dashboard.posts.search')}
              </label>
              <input
                id={searchId}
                type="search"
                className={inputClass}
                value={query}
                placeholder={t('dashboard.posts.searchPlaceholder')}
                onChange={(e) => setQuery(e.target.value)}
              />
            </div>
            {results?.catalogue === 'manual' || results === undefined ? (
              <button type="button" className={secondaryButton} onClick={() => setCreating(true)}>
                {t('dashboard.posts.newProduct')}
              </button>
            ) : null}
          </div>
          {results && results.catalogue !== 'manual' ? (
            <p className="mt-2 text-xs text-slate-500">
              {t('dashboard.posts.catalogueFrom', {
                platform: results.catalogue === 'salla' ? 'Salla' : 'Zid',
              })}
            </p>
          ) : null}
          <div aria-live="polite" className="mt-3">
            {loading && !results ? (
              <p className="text-sm text-slate-600">{t('dashboard.posts.searching')}</p>
            ) : null}
            {results && results.products.length === 0 ? (
              <p className="text-sm text-slate-600">{t('dashboard.posts.noResults')}</p>
            ) : null}
          </div>
          {results && results.products.length > 0 ? (
            <ul className="mt-2 grid max-h-72 gap-2 overflow-y-auto" data-testid="product-results">
              {results.products.map((p) => (
                <li key={p.id} className="flex items-center gap-2 rounded-lg border border-slate-200 p-2">
                  <ProductThumb image={p.image} />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate text-sm font-semibold" dir="auto">
                      {productName(p, lang)}
                    </span>
                    <Price product={p} />
                  </span>
                  <button
                    type="button"
                    className={smallButton}
                    disabled={isChosen(p) || full}
                    onClick={() => setChosen([...chosen, p])}
                    aria-label={`${t('dashboard.posts.add')}: ${productName(p, lang)}`}
                  >
                    {t('dashboard.posts.add')}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {results?.has_more ? (
            <button
              type="button"
              className={`${secondaryButton} mt-3`}
              disabled={loading}
              onClick={() => void search(query, results.page + 1)}
            >
              {t('dashboard.posts.more')}
            </button>
          ) : null}

          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button type="button" className={secondaryButton} disabled={saving} onClick={onClose}>
              {t('dashboard.posts.cancel')}
            </button>
            <button
              type="button"
              className={primaryButton}
              disabled={saving}
              onClick={() => {
                setSaving(true);
                void onSave(chosen.map((c) => c.id)).finally(() => setSaving(false));
              }}
            >
              {saving ? t('dashboard.posts.saving') : t('dashboard.posts.save')}
            </button>
          </div>
          {creating ? (
            <ManualProductDialog
              api={api}
              onClose={() => setCreating(false)}
              onCreated={(p) => {
                setCreating(false);
                if (!full) setChosen((prev) => [...prev, p]);
                void search(query);
              }}
            />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A manual product for stores outside Salla and Zid: names, https link, prices, a picture. */
function ManualProductDialog({
  api,
  onClose,
  onCreated,
}: {
  api: TPostsApi;
  onClose: () => void;
  onCreated: (product: TProduct) => void;
}) {
  const { t, lang } = useI18n();
  const [form, setForm] = useState({ ar: '', en: '', url: '', price: '', sale: '', imageUrl: '' });
  const [file, setFile] = useState<File | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => {
    setForm({ ...form, [key]: value });
    setError(undefined);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const price = parseRiyals(form.price);
    const sale = form.sale.trim() ? parseRiyals(form.sale) : null;
    if (!form.ar.trim() && !form.en.trim()) return setError(t('dashboard.posts.nameRequired'));
    // A bare domain ("mystore.com/p/1") is a link too: made https.
    const url = withHttps(form.url);
    const imageUrl = withHttps(form.imageUrl);
    if (!/^https:\/\/[^\s/]+\.[^\s]+/i.test(url)) return setError(t('dashboard.posts.urlInvalid'));
    if (price === undefined || sale === undefined) return setError(t('dashboard.posts.priceInvalid'));
    if (sale !== null && sale >= price) return setError(t('dashboard.posts.saleInvalid'));
    if (imageUrl && !/^https:\/\//i.test(imageUrl)) return setError(t('dashboard.posts.urlInvalid'));
    setSaving(true);
    const created = await api.createProduct({
      name_ar: form.ar.trim() || null,
      name_en: form.en.trim() || null,
      url,
      price_halalas: price,
      sale_price_halalas: sale,
      ...(imageUrl ? { image_url: imageUrl } : {}),
    });
    if (!created.ok) {
      setSaving(false);
      return setError(
        created.failure.kind === 'http' ? apiErrorMessage(lang, created.failure) : t('dashboard.posts.error'),
      );
    }
    let product = created.value;
    if (file) {
      const uploaded = await api.uploadImage(product.id, file);
      if (uploaded.ok) product = uploaded.value;
      else
        toast.error(
          uploaded.failure.kind === 'http'
            ? apiErrorMessage(lang, uploaded.failure)
            : t('dashboard.posts.error'),
        );
    }
    setSaving(false);
    toast.success(t('dashboard.posts.created'));
    onCreated(product);
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !saving && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content className={`${dialogClass} max-w-lg`} data-testid="manual-product">
          <Dialog.Title className="text-lg font-bold text-slate-900">
            {t('dashboard.posts.newProductTitle')}
          </Dialog.Title>
          <Dialog.Description className="sr-only">{t('dashboard.posts.pickerSubtitle')}</Dialog.Description>
          <form className="mt-4 grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TextField
                label={t('dashboard.posts.nameAr')}
                dir="rtl"
                value={form.ar}
                maxLength={200}
                onChange={set('ar')}
              />
              <TextField
                label={t('dashboard.posts.nameEn')}
                dir="ltr"
                value={form.en}
                maxLength={200}
                onChange={set('en')}
              />
            </div>
            <TextField
              label={t('dashboard.posts.url')}
              type="url"
              dir="ltr"
              value={form.url}
              onChange={set('url')}
            />
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TextField
                label={t('dashboard.posts.price')}
                inputMode="decimal"
                dir="ltr"
                value={form.price}
                onChange={set('price')}
              />
              <TextField
                label={t('dashboard.posts.salePrice')}
                inputMode="decimal"
                dir="ltr"
                value={form.sale}
                onChange={set('sale')}
              />
            </div>
            <Field label={t('dashboard.posts.image')}>
              {(id) => (
                <input
                  id={id}
                  type="file"
                  accept={PRODUCT_IMAGE_TYPES.join(',')}
                  className="block w-full text-sm"
                  onChange={(e) => {
                    const chosen = e.target.files?.[0];
                    setFile(chosen && chosen.size <= PRODUCT_IMAGE_MAX_BYTES ? chosen : undefined);
                  }}
                />
              )}
            </Field>
            <TextField
              label={t('dashboard.posts.imageUrl')}
              type="url"
              dir="ltr"
              value={form.imageUrl}
              onChange={set('imageUrl')}
            />
            {error ? (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-3">
              <button type="button" className={secondaryButton} disabled={saving} onClick={onClose}>
                {t('dashboard.posts.cancel')}
              </button>
              <button type="submit" className={primaryButton} disabled={saving}>
                {saving ? t('dashboard.posts.saving') : t('dashboard.posts.create')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
