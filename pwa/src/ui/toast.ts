import { toast } from 'sonner';
import { wantToaster } from './toaster-demand';

/** sonner's `toast`: importing it from here is what brings the app's Toaster (app/Toasts.tsx) onto the page. */
wantToaster();

export { toast };
