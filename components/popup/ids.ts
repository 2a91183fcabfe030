/** The id of the popup's error alert: the fields it speaks of point to it (aria-describedby). */
export const ERROR_ID = 'popup-error';
