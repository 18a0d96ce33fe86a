import { useId, type ReactNode } from 'react';
import * as Checkbox from '@radix-ui/react-checkbox';
import * as Select from '@radix-ui/react-select';
import { parseWholeNumber } from '@app/shared';
import { useI18n } from '../i18n/useI18n';

/** A white card with an optional header; the dashboard's one surface. */
export function Card({
  title,
  subtitle,
  actions,
  children,
  className = '',
  id,
}: {
  title?: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={title ? headingId : undefined}
      className={`rounded-2xl border border-slate-200/80 bg-white p-5 shadow-sm shadow-slate-200/50 sm:p-6 ${className}`}
    >
      {title || actions ? (
        <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            {title ? (
              <h2 id={headingId} className="text-lg font-bold tracking-tight text-slate-900">
                {title}
              </h2>
            ) : null}
            {subtitle ? <p className="mt-1 text-sm leading-relaxed text-slate-600">{subtitle}</p> : null}
          </div>
          {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** A titled group of fields inside a card, separated from the one before by a rule. */
export function Section({
  title,
  children,
  extra,
}: {
  title: string;
  children: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <fieldset className="border-t border-slate-100 pt-5 first:border-t-0 first:pt-0">
      <legend className="mb-3 flex items-center gap-2 text-sm font-bold uppercase tracking-wide text-slate-500">
        {title}
        {extra}
      </legend>
      {children}
    </fieldset>
  );
}

export function Badge({
  tone = 'slate',
  children,
}: {
  tone?: 'slate' | 'green' | 'red' | 'brand' | 'amber';
  children: ReactNode;
}) {
  const tones = {
    slate: 'bg-slate-100 text-slate-700 ring-slate-200',
    green: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
    red: 'bg-red-50 text-red-800 ring-red-200',
    brand: 'bg-brand-50 text-brand-800 ring-brand-200',
    amber: 'bg-amber-50 text-amber-900 ring-amber-200',
  } as const;
  return (
    <span
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

export function Dot({ className }: { className: string }) {
  return <span aria-hidden="true" className={`size-1.5 rounded-full ${className}`} />;
}

/** Whether an Instagram account is linked: "مربوط" (green) or "غير مربوط" (grey), never "متصل" (issue 18 item 9). */
export function LinkStateBadge({ linked }: { linked: boolean }) {
  const { t } = useI18n();
  return linked ? (
    <Badge tone="green">
      <Dot className="bg-emerald-500" />
      {t('dashboard.account.connected')}
    </Badge>
  ) : (
    <Badge tone="slate">
      <Dot className="bg-slate-400" />
      {t('dashboard.account.disconnected')}
    </Badge>
  );
}

/** A Radix checkbox with its label; the whole row is the click target. */
export function CheckboxField({
  label,
  checked,
  onChange,
  disabled,
  extra,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  extra?: ReactNode;
  /** A line under the label saying what the option does; read with the checkbox. */
  hint?: string;
}) {
  const id = useId();
  const labelElement = (
    <label
      htmlFor={id}
      className={`cursor-pointer text-sm font-medium ${disabled ? 'text-slate-500' : 'text-slate-800'}`}
    >
      {label}
    </label>
  );
  return (
    <div className={`flex min-h-11 gap-3 ${hint ? 'items-start py-1' : 'items-center'}`}>
      <Checkbox.Root
        id={id}
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onCheckedChange={(value) => onChange(value === true)}
        className="grid size-5 shrink-0 place-items-center rounded-md border border-slate-400 bg-white transition data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700 disabled:opacity-50"
      >
        <Checkbox.Indicator>
          <svg
            viewBox="0 0 16 16"
            className="size-3.5 text-white"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            aria-hidden="true"
          >
            <path d="M3.5 8.5l3 3 6-7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </Checkbox.Indicator>
      </Checkbox.Root>
      {hint ? (
        <div className="min-w-0">
          {labelElement}
          <p id={`${id}-hint`} className="mt-0.5 text-xs leading-relaxed text-slate-600">
            {hint}
          </p>
        </div>
      ) : (
        labelElement
      )}
      {extra}
    </div>
  );
}

/** A slider with the number beside it (type or slide); typed values are held within min and max. */
export function NumberField({
  label,
  value,
  min,
  max,
  onChange,
  hint,
  disabled,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  const describedBy = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className={fieldLabelClass}>
        {label}
      </label>
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="range"
          min={min}
          max={max}
          value={value}
          disabled={disabled}
          aria-describedby={describedBy}
          onChange={(e) => onChange(Number(e.target.value))}
          className="h-2 flex-1 cursor-pointer accent-brand-700 disabled:cursor-default disabled:opacity-50"
        />
        <WholeNumberInput
          aria-label={label}
          aria-describedby={describedBy}
          min={min}
          max={max}
          value={value}
          disabled={disabled}
          onChange={onChange}
          className={`${inputLook} w-20 shrink-0 px-2 text-center tabular-nums`}
        />
      </div>
      {hint ? (
        <p id={describedBy} className="mt-1.5 text-xs leading-relaxed text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Choices shown as pictured cards: native radio buttons (arrow keys move between them, the group has one
 * tab stop), visually the whole card, with the checked one outlined in the brand colour.
 */
export function ChoiceField<T extends string>({
  label,
  value,
  options,
  onChange,
  columns = 3,
  disabled,
}: {
  label: string;
  value: T;
  options: { value: T; label: string; hint?: string; picture?: ReactNode }[];
  onChange: (value: T) => void;
  columns?: 2 | 3 | 4;
  disabled?: boolean;
}) {
  const id = useId();
  const grid = { 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-2 sm:grid-cols-4' }[columns];
  return (
    <fieldset disabled={disabled} className="min-w-0">
      <legend className={fieldLabelClass}>{label}</legend>
      <div className={`grid gap-2 ${grid}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className="group relative flex cursor-pointer flex-col items-center gap-1.5 rounded-xl border border-slate-300 bg-white p-2.5 text-center transition hover:border-slate-400 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-700 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700 has-[:disabled]:cursor-default has-[:disabled]:opacity-50"
          >
            <input
              type="radio"
              name={id}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              // Named by the option's label alone; its hint is the description.
              aria-labelledby={`${id}-${option.value}-label`}
              aria-describedby={option.hint ? `${id}-${option.value}-hint` : undefined}
              className="sr-only"
            />
            {option.picture ? (
              <span
                aria-hidden="true"
                className="text-slate-400 group-has-[:checked]:text-brand-700 [&>svg]:h-10 [&>svg]:w-16"
              >
                {option.picture}
              </span>
            ) : null}
            <span id={`${id}-${option.value}-label`} className="text-sm font-semibold text-slate-900">
              {option.label}
            </span>
            {option.hint ? (
              <span id={`${id}-${option.value}-hint`} className="text-xs leading-snug text-slate-600">
                {option.hint}
              </span>
            ) : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A Radix select with a visible label. */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  dir,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
  dir: 'rtl' | 'ltr';
}) {
  const id = useId();
  return (
    <div>
      <label id={`${id}-label`} htmlFor={id} className={fieldLabelClass}>
        {label}
      </label>
      <Select.Root value={value} onValueChange={(v) => onChange(v as T)} dir={dir}>
        <Select.Trigger
          id={id}
          aria-labelledby={`${id}-label`}
          className="flex min-h-11 w-full items-center justify-between gap-2 rounded-xl border border-slate-300 bg-white px-3.5 text-start text-sm text-slate-900 transition hover:border-slate-400 focus:border-brand-700"
        >
          <Select.Value />
          <Select.Icon>
            <svg
              viewBox="0 0 16 16"
              className="size-4 text-slate-500"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M4 6l4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content
            position="popper"
            sideOffset={6}
            className="z-50 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-xl border border-slate-200 bg-white p-1 shadow-xl"
          >
            <Select.Viewport>
              {options.map((option) => (
                <Select.Item
                  key={option.value}
                  value={option.value}
                  className="flex min-h-10 cursor-pointer items-center rounded-lg px-3 text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800 data-[state=checked]:font-semibold"
                >
                  <Select.ItemText>{option.label}</Select.ItemText>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </div>
  );
}

export const fieldLabelClass = 'mb-1.5 block text-sm font-semibold text-slate-800';
/** A text box's look, without its width (a width added to inputClass would lose to its w-full). */
const inputLook =
  'min-h-11 rounded-xl border border-slate-300 bg-white py-2 text-sm text-slate-900 placeholder:text-slate-400 transition hover:border-slate-400 focus:border-brand-700 disabled:bg-slate-50 disabled:text-slate-500 aria-[invalid=true]:border-red-700';
export const inputClass = `${inputLook} block w-full px-3.5`;

/** A label above its control, tied to it by id: `children` draws the control with the id it is given. */
export function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={fieldLabelClass}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

export function TextField({
  label,
  value,
  onChange,
  disabled,
  maxLength,
  dir,
  type = 'text',
  inputMode,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  maxLength?: number;
  dir?: 'auto' | 'ltr' | 'rtl';
  type?: 'text' | 'url';
  inputMode?: 'decimal';
}) {
  return (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          type={type}
          dir={dir}
          inputMode={inputMode}
          className={inputClass}
          value={value}
          maxLength={maxLength}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** A colour picker with the hex value beside it (type a value or pick one). */
export function ColorField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  // The typed value applies when it is a whole colour (on Enter or leaving the field); else it snaps back.
  const commitHex = (input: HTMLInputElement) => {
    const typed = input.value.trim();
    const hex = typed.startsWith('#') ? typed : `#${typed}`;
    if (/^#[0-9a-fA-F]{6}$/.test(hex)) onChange(hex.toLowerCase());
    else input.value = value;
  };
  return (
    <Field label={label}>
      {(id) => (
        <div className="flex items-center gap-2 rounded-xl border border-slate-300 bg-white p-1.5 ps-2">
          <input
            id={id}
            type="color"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            className="size-8 shrink-0 cursor-pointer rounded-lg border-0 bg-transparent p-0"
          />
          <input
            key={value}
            type="text"
            dir="ltr"
            aria-label={`${label} (hex)`}
            defaultValue={value}
            maxLength={7}
            spellCheck={false}
            onBlur={(e) => commitHex(e.currentTarget)}
            onKeyDown={(e) => e.key === 'Enter' && commitHex(e.currentTarget)}
            className="min-w-0 flex-1 border-0 bg-transparent font-mono text-sm uppercase text-slate-800 focus:outline-none"
          />
        </div>
      )}
    </Field>
  );
}

/**
 * A whole number field that takes Arabic-Indic digits too (a type="number" field refuses them in Chrome):
 * text with a numeric keyboard, announced and stepped with the arrow keys as a spin button, held to
 * min..max (anything that is not a number becomes min).
 */
export function WholeNumberInput({
  value,
  min,
  max,
  onChange,
  ...rest
}: {
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  id?: string;
  className?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-describedby'?: string;
}) {
  const clamp = (n: number) => Math.min(max, Math.max(min, n));
  return (
    <input
      {...rest}
      type="text"
      inputMode="numeric"
      dir="ltr"
      role="spinbutton"
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={value}
      value={value}
      onChange={(e) => {
        const n = parseWholeNumber(e.target.value);
        onChange(n === undefined ? min : clamp(n));
      }}
      onKeyDown={(e) => {
        if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
        e.preventDefault();
        onChange(clamp(value + (e.key === 'ArrowUp' ? 1 : -1)));
      }}
    />
  );
}
