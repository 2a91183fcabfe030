/** The id of the popup's error alert: the fields it speaks of point to it (aria-describedby). */
export const ERROR_ID = 'popup-error';

/** The id of the note on removed tracking parameters, for the Long URL field's description. */
export const CLEANED_ID = 'cleaned-status';

/** The id of the alert that the tab's page cannot be shortened, for the Long URL field's description. */
export const PAGE_ALERT_ID = 'page-alert';

/** The id of the UTM disclosure's panel (the button "UTM" controls it). */
export const UTM_PANEL_ID = 'utm-panel';
