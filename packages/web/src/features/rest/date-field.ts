/**
 * The wrapper class of a date field: in dark mode the browser draws the input's own parts (the
 * calendar button, the picker) dark too, instead of a black icon on a dark field.
 */
export const DATE_FIELD = 'dark:[color-scheme:dark]';
