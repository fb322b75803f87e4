import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';
import modalStyles from './modal.module.css';

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The id of an element inside that describes the dialog (read after its title). */
  descriptionId?: string;
}

/** While open: focus on the close button, the page behind kept still, and focus back on the opener on close. */
function useModalFocus(open: boolean, closeButtonRef: RefObject<HTMLButtonElement | null>) {
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButtonRef.current?.focus();
    document.body.classList.add('modal-open');
    return () => {
      document.body.classList.remove('modal-open');
      opener?.focus();
    };
  }, [open, closeButtonRef]);
}

/** While open, Escape closes the dialog (and goes no further). */
function useEscapeToClose(open: boolean, onClose: () => void) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onClose();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);
}

/** Tab and Shift+Tab wrap around the dialog's focusable elements instead of leaving it. */
function trapTab(event: KeyboardEvent<HTMLDivElement>, dialog: HTMLDivElement | null) {
  if (event.key !== 'Tab' || !dialog) return;
  const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(focusableSelector));
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The one modal dialog: title, scrollable body, closes on backdrop click, Escape or the close
 * button; focus moves in on open, Tab stays inside, and focus returns to the opener on close.
 */
export function Modal({ open, title, onClose, children, descriptionId }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  useModalFocus(open, closeButtonRef);
  useEscapeToClose(open, onClose);

  if (!open) return null;

  return createPortal(
    <div
      className={modalStyles.modalBackdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={modalStyles.modal}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        onKeyDown={(event) => trapTab(event, dialogRef.current)}
      >
        <header className={modalStyles.modalHeader}>
          <h2 className={modalStyles.modalTitle} id={titleId}>
            {title}
          </h2>
          <button ref={closeButtonRef} type="button" className={modalStyles.modalClose} aria-label="Close" onClick={onClose}>
            <CloseIcon size={22} />
          </button>
        </header>
        {/* Focusable so keyboard users can scroll long policy texts. */}
        <div className={modalStyles.modalBody} tabIndex={0}>
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
