import type { TMessageKey } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { BELOW_FOLD, CONTAINER, SectionHeading } from '../../marketing/components/Section';

/** Spec §3 Testimonial: name, role, image, quote, rating (1–5). Invented merchants, drawn initials. */
interface TTestimonial {
  name: TMessageKey;
  role: TMessageKey;
  quote: TMessageKey;
  rating: 1 | 2 | 3 | 4 | 5;
  /** The avatar: the merchant's initial on a gradient of its own. */
  image: { from: string; to: string };
}

const TESTIMONIALS: TTestimonial[] = [
  {
    name: 'landing.testimonials.nouraName',
    role: 'landing.testimonials.nouraRole',
    quote: 'landing.testimonials.nouraQuote',
    rating: 5,
    image: { from: '#f58529', to: '#dd2a7b' },
  },
  {
    name: 'landing.testimonials.faisalName',
    role: 'landing.testimonials.faisalRole',
    quote: 'landing.testimonials.faisalQuote',
    rating: 5,
    image: { from: '#0f766e', to: '#0369a1' },
  },
  {
    name: 'landing.testimonials.reemName',
    role: 'landing.testimonials.reemRole',
    quote: 'landing.testimonials.reemQuote',
    rating: 4,
    image: { from: '#8134af', to: '#c13584' },
  },
];

function InitialAvatar({ name, image }: { name: string; image: TTestimonial['image'] }) {
  const id = `avatar-${image.from.slice(1)}`;
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-12 shrink-0">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={image.from} />
          <stop offset="1" stopColor={image.to} />
        </linearGradient>
      </defs>
      <circle cx="24" cy="24" r="24" fill={`url(#${id})`} />
      <text
        x="24"
        y="25"
        textAnchor="middle"
        dominantBaseline="middle"
        fill="white"
        fontSize="20"
        fontWeight="700"
      >
        {name.charAt(0)}
      </text>
    </svg>
  );
}

function Stars({ rating }: { rating: number }) {
  const { t } = useI18n();
  return (
    <p
      role="img"
      aria-label={t('landing.testimonials.rating', { rating })}
      className="flex gap-0.5"
      dir="ltr"
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <svg
          key={star}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`size-5 ${star <= rating ? 'text-amber-400' : 'text-slate-200'}`}
        >
          <path
            fill="currentColor"
            d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8Z"
          />
        </svg>
      ))}
    </p>
  );
}

export function TestimonialsSection() {
  const { t } = useI18n();
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-title"
      className={`scroll-mt-20 border-t border-slate-100 bg-slate-50 py-20 sm:py-28 ${BELOW_FOLD}`}
    >
      <div className={CONTAINER}>
        <SectionHeading
          id="testimonials-title"
          eyebrow={t('landing.testimonials.eyebrow')}
          title={t('landing.testimonials.title')}
        />
        <ul className="mt-14 grid gap-5 lg:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => {
            const name = t(testimonial.name);
            return (
              <li key={testimonial.name}>
                <figure className="flex h-full flex-col rounded-3xl bg-white p-7 shadow-sm ring-1 ring-slate-200/70">
                  <div className="flex items-center justify-between">
                    <Stars rating={testimonial.rating} />
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 32 24"
                      className="h-6 w-8 text-brand-200 rtl:-scale-x-100"
                    >
                      <path
                        fill="currentColor"
                        d="M0 24V14C0 6.3 4.4 1.6 12 0l1.6 3.6C9.3 5 7.2 7.6 7 11h6v13Zm18 0V14c0-7.7 4.4-12.4 12-14l1.6 3.6C27.3 5 25.2 7.6 25 11h6v13Z"
                      />
                    </svg>
                  </div>
                  <blockquote className="mt-5 flex-1 text-base leading-relaxed text-slate-800 sm:text-lg sm:leading-relaxed">
                    <p>{t(testimonial.quote)}</p>
                  </blockquote>
                  <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-5">
                    <InitialAvatar name={name} image={testimonial.image} />
                    <span>
                      <span className="block font-bold text-slate-900">{name}</span>
                      <span className="block text-sm text-slate-600">{t(testimonial.role)}</span>
                    </span>
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
