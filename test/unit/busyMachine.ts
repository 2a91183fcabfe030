/**
 * Set-up of every unit test file: Testing Library's findBy and waitFor give up after 1 s by
 * default, which a loaded 2-core machine exceeds (`npm run test:stress`). They still return as
 * soon as what they wait for is there: this is a ceiling, never a wait.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 15_000 });
