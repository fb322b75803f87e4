import type { ReactNode } from 'react';
import { toast, type Id } from 'react-toastify/unstyled';

/** A toast's text: one message, or one event's messages (a headline and its reasons), one per line. */
export type ToastText = string | readonly string[];

export interface NotifyOptions {
  /**
   * The form (or screen action) the toast reports on. A form shows one toast at a time: its new
   * toast replaces the one it showed before, so a success clears the form's earlier errors.
   */
  form?: string;
}

type Kind = 'success' | 'error' | 'info';

/** The toast each form shows now. */
const shownByForm = new Map<string, Id>();

function lines(text: ToastText): string[] {
  return (typeof text === 'string' ? [text] : [...text]).filter((line) => line.trim() !== '');
}

function content(text: string[]): ReactNode {
  if (text.length === 1) return text[0];
  // One element holding the lines one below the other (the toast library renders an element or a
  // string, not a list, and lays its body's children out in a row).
  return (
    <div>
      {text.map((line, index) => (
        <div key={index}>{line}</div>
      ))}
    </div>
  );
}

function show(kind: Kind, text: ToastText, options: NotifyOptions): void {
  const shown = lines(text);
  if (shown.length === 0) return;
  // An identical message already on screen is not shown twice.
  const id = `${kind}:${shown.join('\n')}`;
  if (options.form !== undefined) {
    const previous = shownByForm.get(options.form);
    if (previous !== undefined && previous !== id) toast.dismiss(previous);
    shownByForm.set(options.form, id);
  }
  toast[kind](content(shown), { toastId: id });
}

/**
 * The one toast helper: one toast per event. Position, theme and auto-close time are set once on
 * the container (product §9).
 */
export const notify = {
  success(text: ToastText, options: NotifyOptions = {}): void {
    show('success', text, options);
  },
  error(text: ToastText, options: NotifyOptions = {}): void {
    show('error', text, options);
  },
  info(text: ToastText, options: NotifyOptions = {}): void {
    show('info', text, options);
  },
};
