import { useI18n } from '../../../i18n/useI18n';
import { usePublicConfig } from '../lib/public-config';

/**
 * The operator's legal identity for a page's footer: the legal name, the commercial registration and the
 * VAT number, each only when the server is configured with it (COMPANY_*); nothing at all otherwise.
 */
export function CompanyIdentity({ className = '' }: { className?: string }) {
  const { t } = useI18n();
  const { company } = usePublicConfig();
  const identity = [
    company.legal_name,
    company.commercial_registration && t('footer.cr', { number: company.commercial_registration }),
    company.vat_number && t('footer.vat', { number: company.vat_number }),
  ].filter((part): part is string => Boolean(part));
  if (identity.length === 0) return null;
  return (
    <p className={className} data-testid="company-identity">
      {/* A narrow screen breaks the line between the parts, never inside one ("CR" apart from its number). */}
      {identity.map((part, i) => (
        <span key={part}>
          <span className="whitespace-nowrap">
            <bdi>{part}</bdi>
            {i < identity.length - 1 ? ' ·' : null}
          </span>
          {i < identity.length - 1 ? ' ' : null}
        </span>
      ))}
    </p>
  );
}
