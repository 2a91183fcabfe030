import { LinksWaiting } from './LinksWaiting';
import { UnsentLinks } from './UnsentLinks';

/** Under the status line, after the first paint: the links waiting, then those not sent (one part, one place in PopupScreen). */
export function Waiting() {
  return (
    <>
      <LinksWaiting />
      <UnsentLinks />
    </>
  );
}
