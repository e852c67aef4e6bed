/**
 * The stop widget for other sites and the stop page's "Put on your site" (issue 42), in a
 * catalogue of their own: the widget is a small page of its own that fetches only its
 * language's words (features/public/embed/widget-words-en.ts), and the offer is a chunk the home
 * fetches after its first render, so the home's catalogues (the first load's 80 KB) carry none
 * of it. "Put on your site" and "Full timetable" are the issue's; the rest is ours.
 */
export const embedEn = {
  widget: {
    /** The widget's document title and its frame's title on the other site. */
    title: (stop: string) => `Next departures: ${stop}`,
    next: 'Next departures',
    loading: 'Loading…',
    tomorrow: 'Tomorrow',
    none: 'No departures in the next seven days.',
    noStop: 'There is no such stop.',
    failed: 'The departures could not be loaded; trying again.',
    fullTimetable: 'Full timetable',
    /** Said after a link that opens in a new tab. */
    newTab: '(opens in a new tab)',
  },
  offer: {
    summary: 'Put on your site',
    intro:
      'Show the next departures from this stop on your own website. They update by themselves, with the expected times of buses on the road and any cancellations. Paste the code into your page’s HTML.',
    options: 'Options',
    direction: 'Direction',
    rows: 'Departures shown',
    language: 'Language',
    code: 'Code for your site',
    copy: 'Copy code',
    copied: 'Copied',
    copyFailed: 'Could not copy: select the code and copy it yourself.',
    preview: 'Preview',
  },
};

export type EmbedMessages = typeof embedEn;
