import { toast } from 'react-toastify/unstyled';

/**
 * The one toast helper. Position, theme and auto-close time are set once on the container
 * (product §9); an identical message already on screen is not shown twice.
 */
export const notify = {
  success(message: string): void {
    toast.success(message, { toastId: `success:${message}` });
  },
  error(message: string): void {
    toast.error(message, { toastId: `error:${message}` });
  },
  info(message: string): void {
    toast.info(message, { toastId: `info:${message}` });
  },
};
