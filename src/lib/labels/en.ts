// The label table: English, the default. The seed's strings exactly (the lightbox's are
// Magnific Popup 1.2.0's); the others are veneer's own. Keys are <feature><What>; templates
// name their values: %curr%, %total%, %url%, %count%, %max%, %date%. Every other language
// (./de.ts, …) is a complete set of the same keys (the type checks it).
// One group per feature that shows text: each feature's chunk carries its own group, its
// English defaults, so that the page chunk, on every page, carries none (../labels.ts). The
// whole table is the chunk labels-en (./en-chunk.ts), loaded only when an operator overrides
// labels on an English page.

export const LIGHTBOX = {
  lightboxClose: 'Close (Esc)',
  lightboxLoading: 'Loading...',
  lightboxPrevious: 'Previous (Left arrow key)',
  lightboxNext: 'Next (Right arrow key)',
  // veneer's own: on right-to-left pages the arrow keys are swapped, and the buttons say so.
  lightboxPreviousRtl: 'Previous (Right arrow key)',
  lightboxNextRtl: 'Next (Left arrow key)',
  lightboxCounter: '%curr% of %total%',
  lightboxImageError: 'The image could not be loaded.',
  lightboxAjaxError: 'The content could not be loaded.',
  lightboxNotFound: 'Content not found',
};

export const FORMS = {
  formsRequired: 'This field is required',
  formsPattern: 'Please use the requested format',
};

// The carousel's and the rotator's names and roles.
export const SLIDES = {
  carousel: 'Carousel',
  slide: '%curr% of %total%',
  carouselRole: 'carousel',
  slideRole: 'slide',
};

export const CAROUSEL = {
  previousSlide: 'Previous slide',
  nextSlide: 'Next slide',
};

export const TABLE = {
  table: 'Table',
};

export const RESOURCE = {
  downloadError: 'The files could not be downloaded.',
  tooManyFiles: 'Only the first %max% of the %count% selected files are included.',
  downloadPreparing: 'Preparing the download…',
};

export const SHARE = {
  shareNewWindow: '(opens in new window)',
};

export const SELECT_LINK = {
  selectLinkGo: 'Go',
};

export const ROTATOR = {
  rotatorPause: 'Pause slides',
  rotatorPlay: 'Play slides',
};

export const AJAX_LIST = {
  ajaxListResults: '%count% results',
  ajaxListResult: '1 result',
};

export const POPUP_MODAL = {
  popupModalRetry: 'Retry',
  popupModalSuccess: 'Thank you.',
  popupModalError: 'Sorry, the form could not be sent.',
};

export const DATEPICKER = {
  datepickerChoose: 'Choose Date',
  datepickerChange: 'Change Date, %date%',
  datepickerPreviousMonth: 'Previous Month',
  datepickerNextMonth: 'Next Month',
  datepickerPreviousYear: 'Previous Year',
  datepickerNextYear: 'Next Year',
};

export const PERMISSION = {
  permissionBlocked: 'Location access is blocked in your browser. To use it, allow location for this site in your browser settings.',
};

export const VIDEO = {
  videoPlayer: 'YouTube video',
};

export const MAP = {
  mapTitle: 'Map',
  mapLoad: 'Show the interactive map',
};

// Types only here: a spread of the groups would keep every group in every feature's chunk.
export type Labels = typeof LIGHTBOX & typeof FORMS & typeof SLIDES & typeof CAROUSEL & typeof TABLE & typeof RESOURCE & typeof SHARE & typeof SELECT_LINK & typeof ROTATOR & typeof AJAX_LIST & typeof POPUP_MODAL & typeof DATEPICKER & typeof PERMISSION & typeof VIDEO & typeof MAP;
