import type { Clock } from '../lib/clock.js';
import { err, ok, type Result } from '../lib/result.js';
import { demoDigits, demoRandom, demoShortcode, type DemoRandom } from './demo-seed.js';
import type {
  FetchContentOptions,
  InstagramSource,
  SourceCapabilities,
  SourceContent,
  SourceFailure,
  SourceHighlight,
  SourceMedia,
  SourcePost,
  SourceProfile,
  SourceStory,
} from './instagram.source.js';
import { notBusiness, notFound, privateAccount, rateLimited, unavailable } from './source-failures.js';
import { parseInstagramUsername } from '@app/shared';

/**
 * Usernames that fail on purpose, so every failure path can be tried without Instagram:
 *
 * | username starts with | failure kind    |
 * | -------------------- | --------------- |
 * | `private_`           | `private`       |
 * | `personal_`          | `not_business`  |
 * | `missing_`           | `not_found`     |
 * | `ratelimited_`       | `rate_limited` (retry after 15 minutes) |
 * | `unavailable_`       | `unavailable`   |
 *
 * Any other valid username is a business account with generated content. A username that breaks
 * Instagram's rules is `not_found`.
 */
export const DEMO_FAILURE_PREFIXES: Readonly<Record<string, () => SourceFailure>> = {
  private_: privateAccount,
  personal_: notBusiness,
  missing_: notFound,
  ratelimited_: () => rateLimited(15 * 60_000, 'demo: username starts with ratelimited_'),
  unavailable_: () =>
    unavailable('Instagram is not answering right now.', 'demo: username starts with unavailable_'),
};

/** Length of the clip DemoMediaFetcher serves for every demo video. */
export const DEMO_VIDEO_SECONDS = 2;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const ENGLISH_CAPTIONS = [
  'New arrivals are here ✨ Shop the collection through the link in bio. #newarrivals #shoponline',
  'Weekend offer: 20% off everything until Sunday. #sale #weekend',
  'Handmade in small batches, packed with care. #handmade #smallbusiness',
  'Which colour is your favourite? Tell us in the comments 👇 #poll',
  'Free delivery across the Kingdom on orders over 200 SAR. #freeshipping',
  'Behind the scenes at the studio today. #behindthescenes',
  'Back in stock — grab yours before it sells out again! #backinstock',
  'Customer photo of the week. Thank you for sharing! #customerlove',
  'Gift wrapping is free this month 🎁 #giftideas #eid',
] as const;

const ARABIC_CAPTIONS = [
  'وصلت التشكيلة الجديدة ✨ تسوقوا الآن من الرابط في البايو #جديد #تسوق_اونلاين',
  'عرض نهاية الأسبوع: خصم ٢٠٪ على كل المنتجات حتى الأحد #عروض #خصومات',
  'صناعة يدوية بكميات محدودة وتغليف بعناية #صناعة_يدوية #مشاريع_صغيرة',
  'أي لون تفضلون؟ شاركونا في التعليقات 👇',
  'توصيل مجاني لجميع مناطق المملكة للطلبات فوق ٢٠٠ ريال #توصيل_مجاني',
  'رمضان كريم 🌙 عروض خاصة طوال الشهر #رمضان #عروض_رمضان',
  'عاد للمخزون من جديد! اطلبوه قبل نفاده #متوفر_الآن',
  'شكراً لعملائنا على ثقتكم الغالية ❤️ #آراء_العملاء',
  'تغليف الهدايا مجاني هذا الشهر 🎁 #هدايا #عيد',
] as const;

const BIOGRAPHIES = [
  'متجر إلكتروني 🛍️ | توصيل لجميع مناطق المملكة\nOnline store · delivery across KSA',
  'Handmade with love in Riyadh 🤍 | صناعة يدوية',
  'عطور وبخور فاخرة ✨ Luxury scents & oud',
  'Specialty coffee roasters ☕ محمصة قهوة مختصة',
  'أزياء محتشمة بلمسة عصرية | Modest fashion, modern cut',
] as const;

const HIGHLIGHT_TITLES = [
  'جديدنا',
  'العروض',
  'آراء العملاء',
  'الشحن',
  'المقاسات',
  'New in',
  'Reviews',
  'FAQ',
  'Behind the scenes',
  'Gift ideas',
] as const;

/** Portrait 4:5 and square, the two shapes feed posts mostly come in. */
const POST_SHAPES = [
  { w: 1080, h: 1350 },
  { w: 1080, h: 1080 },
] as const;

export interface DemoSourceOptions {
  clock: Clock;
}

/**
 * Sample Instagram accounts for any valid username, generated locally: the default source when no Graph
 * token is configured, so the whole product can be tried (and tested) without Instagram.
 *
 * Same username → same account. Timestamps are relative to the start of the current UTC day on the
 * injected clock, so they stay identical all day and the newest post is always a few hours old.
 */
export class DemoSource implements InstagramSource {
  readonly name = 'demo' as const;
  readonly capabilities: SourceCapabilities = { highlights: true, stories: true };

  constructor(private readonly options: DemoSourceOptions) {}

  lookupAccount(username: string): Promise<Result<SourceProfile, SourceFailure>> {
    const checked = checkDemoUsername(username);
    if (!checked.ok) return Promise.resolve(checked);
    return Promise.resolve(ok(demoProfile(checked.value, this.postCount(checked.value))));
  }

  fetchContent(
    username: string,
    options: FetchContentOptions,
  ): Promise<Result<SourceContent, SourceFailure>> {
    const checked = checkDemoUsername(username);
    if (!checked.ok) return Promise.resolve(checked);
    const name = checked.value;
    const anchor = startOfUtcDay(this.options.clock.now());
    const postCount = this.postCount(name);
    const wanted = Math.max(0, Math.min(Math.floor(options.limit), postCount));
    return Promise.resolve(
      ok({
        profile: demoProfile(name, postCount),
        posts: demoPosts(name, anchor, wanted),
        highlights: options.includeHighlights ? demoHighlights(name, anchor) : [],
      }),
    );
  }

  private postCount(username: string): number {
    // More than the largest plan limit (50), so limits always bite.
    return demoRandom(username, 'post-count').int(56, 72);
  }
}

function checkDemoUsername(input: string): Result<string, SourceFailure> {
  const username = parseInstagramUsername(input);
  if (username === undefined) return err(notFound());
  for (const [prefix, failure] of Object.entries(DEMO_FAILURE_PREFIXES)) {
    if (username.startsWith(prefix)) return err(failure());
  }
  return ok(username);
}

function startOfUtcDay(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** "blue_bottle.co" → "Blue Bottle Co". */
function displayName(username: string): string {
  const words = username
    .split(/[._\d]+/)
    .filter((word) => word.length > 0)
    .map((word) => word[0]?.toUpperCase() + word.slice(1));
  return words.length > 0 ? words.join(' ') : username;
}

function followersFor(username: string): number {
  const random = demoRandom(username, 'followers');
  // Log-uniform: most stores are small, a few are large.
  return Math.round(Math.exp(Math.log(800) + random.next() * (Math.log(450_000) - Math.log(800))));
}

function demoProfile(username: string, postCount: number): SourceProfile {
  const random = demoRandom(username, 'profile');
  const followersCount = followersFor(username);
  return {
    externalId: `178414${demoDigits(11, username, 'user-id')}`,
    username,
    name: displayName(username),
    profilePictureUrl: `demo://image/${username}/profile?w=320&h=320`,
    biography: random.pick(BIOGRAPHIES),
    followersCount,
    followsCount: random.int(40, 1_500),
    mediaCount: postCount,
    isVerified: followersCount > 60_000 && random.chance(0.7),
  };
}

function caption(random: DemoRandom): string {
  const roll = random.next();
  if (roll < 0.05) return '';
  if (roll < 0.45) return random.pick(ARABIC_CAPTIONS);
  if (roll < 0.75) return random.pick(ENGLISH_CAPTIONS);
  return `${random.pick(ARABIC_CAPTIONS)}\n\n${random.pick(ENGLISH_CAPTIONS)}`;
}

type DemoPostKind = 'IMAGE' | 'CAROUSEL_ALBUM' | 'VIDEO' | 'VIDEO_WITHOUT_MEDIA_URL';

/**
 * Fixed kinds near the top so a 12-post plan always shows a carousel, a playable reel and a reel whose
 * media_url Instagram withheld (copyrighted audio); the rest are drawn at random.
 */
function postKind(index: number, random: DemoRandom): DemoPostKind {
  if (index === 1) return 'CAROUSEL_ALBUM';
  if (index === 2) return 'VIDEO';
  if (index === 9) return 'VIDEO_WITHOUT_MEDIA_URL';
  const roll = random.next();
  if (roll < 0.12) return 'VIDEO';
  if (roll < 0.32) return 'CAROUSEL_ALBUM';
  return 'IMAGE';
}

function demoPosts(username: string, anchor: number, count: number): SourcePost[] {
  const followers = followersFor(username);
  const timeline = demoRandom(username, 'timeline');
  let postedAt = anchor - timeline.int(1, 20) * HOUR;
  const posts: SourcePost[] = [];
  for (let index = 0; index < count; index++) {
    if (index > 0) postedAt -= timeline.int(6, 72) * HOUR;
    posts.push(demoPost(username, index, postedAt, followers));
  }
  return posts;
}

function demoPost(username: string, index: number, postedAt: number, followers: number): SourcePost {
  const random = demoRandom(username, 'post', String(index));
  const id = `18${demoDigits(15, username, 'post', String(index))}`;
  const kind = postKind(index, random);
  const shortcode = demoShortcode(username, 'post', String(index));
  const likeCount = Math.round(followers * (0.01 + random.next() * 0.07));
  const common = {
    id,
    caption: caption(random),
    timestamp: new Date(postedAt).toISOString(),
    likeCount,
    commentsCount: Math.round(likeCount * (0.005 + random.next() * 0.045)),
  };
  if (kind === 'VIDEO' || kind === 'VIDEO_WITHOUT_MEDIA_URL') {
    return {
      ...common,
      mediaType: 'VIDEO',
      productType: 'REELS',
      mediaUrl: kind === 'VIDEO' ? `demo://video/${username}/${id}` : undefined,
      thumbnailUrl: `demo://image/${username}/${id}?w=1080&h=1920`,
      permalink: `https://www.instagram.com/reel/${shortcode}/`,
      children: [],
    };
  }
  const shape = random.pick(POST_SHAPES);
  const imageUrl = (imageId: string) => `demo://image/${username}/${imageId}?w=${shape.w}&h=${shape.h}`;
  const permalink = `https://www.instagram.com/p/${shortcode}/`;
  if (kind === 'IMAGE') {
    return {
      ...common,
      mediaType: 'IMAGE',
      productType: 'FEED',
      mediaUrl: imageUrl(id),
      permalink,
      children: [],
    };
  }
  const children: SourceMedia[] = [];
  const childCount = random.int(2, 4);
  for (let child = 0; child < childCount; child++) {
    const childId = `18${demoDigits(15, username, 'post', String(index), 'child', String(child))}`;
    // Instagram gives the carousel the first child's media_url, so the first child stays an image.
    const isVideo = child > 0 && random.chance(0.2);
    children.push(
      isVideo
        ? {
            id: childId,
            mediaType: 'VIDEO',
            mediaUrl: `demo://video/${username}/${childId}`,
            thumbnailUrl: imageUrl(childId),
          }
        : { id: childId, mediaType: 'IMAGE', mediaUrl: imageUrl(childId) },
    );
  }
  return {
    ...common,
    mediaType: 'CAROUSEL_ALBUM',
    productType: 'FEED',
    mediaUrl: children[0]?.mediaUrl,
    permalink,
    children,
  };
}

function demoHighlights(username: string, anchor: number): SourceHighlight[] {
  const random = demoRandom(username, 'highlights');
  const titles = [...HIGHLIGHT_TITLES];
  const highlights: SourceHighlight[] = [];
  const count = random.int(3, 6);
  for (let index = 0; index < count; index++) {
    // Titles drawn without replacement: two highlights called "Reviews" would look broken.
    const title = titles.splice(random.int(0, titles.length - 1), 1)[0] ?? 'Highlights';
    const digits = `1788${demoDigits(13, username, 'highlight', String(index))}`;
    const storyCount = random.int(2, 5);
    const videoAt = random.int(0, storyCount - 1);
    // At least 12 days back: up to five stories 48 h apart must all stay in the past.
    let takenAt = anchor - random.int(12, 40 + index * 30) * DAY;
    const stories: SourceStory[] = [];
    for (let story = 0; story < storyCount; story++) {
      const storyId = `31${demoDigits(15, username, 'highlight', String(index), 'story', String(story))}`;
      const imageUrl = `demo://image/${username}/${storyId}?w=1080&h=1920`;
      stories.push(
        story === videoAt
          ? {
              id: storyId,
              mediaType: 'VIDEO',
              mediaUrl: `demo://video/${username}/${storyId}`,
              thumbnailUrl: imageUrl,
              timestamp: new Date(takenAt).toISOString(),
              durationSeconds: DEMO_VIDEO_SECONDS,
            }
          : {
              id: storyId,
              mediaType: 'IMAGE',
              mediaUrl: imageUrl,
              timestamp: new Date(takenAt).toISOString(),
            },
      );
      takenAt += random.int(1, 48) * HOUR;
    }
    highlights.push({
      id: `highlight:${digits}`,
      title,
      coverUrl: `demo://image/${username}/cover-${digits}?w=320&h=320`,
      stories,
    });
  }
  return highlights;
}
