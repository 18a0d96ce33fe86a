import * as Dialog from '@radix-ui/react-dialog';
import { dangerButton, secondaryButton } from '../../../ui/styles';

export const overlayClass = 'fixed inset-0 z-40 bg-slate-900/50 backdrop-blur-[2px]';
export const dialogClass =
  'fixed inset-x-0 top-1/2 z-50 mx-auto max-h-[90dvh] w-[calc(100%-2rem)] -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl sm:p-7';

/** A yes/no question in a Radix dialog (Escape and the overlay cancel). */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={(open) => !open && props.onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content className={`${dialogClass} max-w-md`}>
          <Dialog.Title className="text-lg font-bold text-slate-900">{props.title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm leading-relaxed text-slate-700">
            {props.body}
          </Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <button type="button" className={secondaryButton}>
                {props.cancelLabel}
              </button>
            </Dialog.Close>
            <button type="button" onClick={props.onConfirm} className={dangerButton}>
              {props.confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
