const formatter = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The card's last-update line; the server's text as it is when it is not a date. */
export const formatLastUpdate = (value: string): string => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatter.format(date);
};
