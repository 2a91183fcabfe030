import { usePopup } from './PopupContext';

/** Tells the user to connect the extension first, with the way to the options page. */
export function NotConnected() {
  const openOptions = usePopup((s) => s.openOptions);
  return (
    <div role="alert" className="notice">
      <p>Connect the extension to your link service first.</p>
      <button type="button" className="primary" onClick={openOptions}>
        Open options
      </button>
    </div>
  );
}
