// The label table: English, the default. The seed's strings exactly (the lightbox's are
// Magnific Popup 1.2.0's); the others are veneer's own. Templates name their values:
// %curr%, %total%, %url%, %count%, %max%. Other languages spread this table, so every set
// is complete. Registered as the chunk labels-en by ./en-chunk.ts; features never carry it.
export const EN = {
  close: 'Close (Esc)',
  loading: 'Loading...',
  previous: 'Previous (Left arrow key)',
  next: 'Next (Right arrow key)',
  counter: '%curr% of %total%',
  imageError: 'The image could not be loaded.',
  ajaxError: 'The content could not be loaded.',
  notFound: 'Content not found',
  required: 'This field is required',
  pattern: 'Please use the requested format',
  carousel: 'Carousel',
  slide: '%curr% of %total%',
  previousSlide: 'Previous slide',
  nextSlide: 'Next slide',
  table: 'Table',
  downloadError: 'The files could not be downloaded.',
  tooManyFiles: 'Only the first %max% of the %count% selected files are included.',
  newWindow: '(opens in new window)',
  pause: 'Pause',
  play: 'Play',
  results: '%count% results',
  retry: 'Retry',
  chooseDate: 'Choose date',
};

export type Labels = typeof EN;
