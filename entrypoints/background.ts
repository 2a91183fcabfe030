import { startBackground } from '@/lib/background';

// Thin on purpose: listeners are registered synchronously in lib/background.
export default defineBackground(() => {
  startBackground();
});
