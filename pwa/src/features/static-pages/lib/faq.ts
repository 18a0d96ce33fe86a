import type { TMessageKey } from '@app/shared';

export interface TFaqGroup {
  id: string;
  title: TMessageKey;
  items: { question: TMessageKey; answer: TMessageKey }[];
}

const item = (name: string) => ({
  question: `landing.faq.${name}Q` as TMessageKey,
  answer: `landing.faq.${name}A` as TMessageKey,
});

/** product §2: general, technical, subscription and payment. */
export const FAQ_GROUPS: TFaqGroup[] = [
  {
    id: 'general',
    title: 'landing.faq.generalTitle',
    items: ['what', 'stores', 'password', 'language'].map(item),
  },
  {
    id: 'technical',
    title: 'landing.faq.technicalTitle',
    items: ['refresh', 'speed', 'embed', 'brand'].map(item),
  },
  {
    id: 'billing',
    title: 'landing.faq.billingTitle',
    items: ['trial', 'guarantee', 'annual', 'cancel'].map(item),
  },
];
