import { AccountChoice } from './AccountChoice';
import { StoredNotice } from './StoredNotice';

/** What the popup shows above its form after the first paint: stored data that was reset, and the select "Account". */
export function PopupTop() {
  return (
    <>
      <StoredNotice />
      <AccountChoice />
    </>
  );
}
