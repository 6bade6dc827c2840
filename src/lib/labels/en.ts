// The label table: English, the default. The seed's strings exactly (the lightbox's are
// Magnific Popup 1.2.0's); the others are veneer's own. Keys are <feature><What>; templates
// name their values: %curr%, %total%, %url%, %count%, %max%, %date%. Every other language
// (./de.ts, …) is a complete set of the same keys (the type checks it). Registered as the
// chunk labels-en by ./en-chunk.ts; features never carry it.
export const EN = {
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
  formsRequired: 'This field is required',
  formsPattern: 'Please use the requested format',
  carousel: 'Carousel',
  slide: '%curr% of %total%',
  previousSlide: 'Previous slide',
  nextSlide: 'Next slide',
  carouselRole: 'carousel',
  slideRole: 'slide',
  table: 'Table',
  downloadError: 'The files could not be downloaded.',
  tooManyFiles: 'Only the first %max% of the %count% selected files are included.',
  downloadPreparing: 'Preparing the download…',
  shareNewWindow: '(opens in new window)',
  selectLinkGo: 'Go',
  rotatorPause: 'Pause slides',
  rotatorPlay: 'Play slides',
  ajaxListResults: '%count% results',
  ajaxListResult: '1 result',
  popupModalRetry: 'Retry',
  popupModalSuccess: 'Thank you.',
  popupModalError: 'Sorry, the form could not be sent.',
  datepickerChoose: 'Choose Date',
  datepickerChange: 'Change Date, %date%',
  datepickerPreviousMonth: 'Previous Month',
  datepickerNextMonth: 'Next Month',
  datepickerPreviousYear: 'Previous Year',
  datepickerNextYear: 'Next Year',
  permissionBlocked: 'Location access is blocked in your browser. To use it, allow location for this site in your browser settings.',
  videoPlayer: 'YouTube video',
  mapTitle: 'Map',
  mapLoad: 'Show the interactive map',
};

export type Labels = typeof EN;
