import { defineLabels } from './define';
import { EN } from './en';

defineLabels('de', {
  ...EN,
  close: 'Schließen (Esc)',
  loading: 'Wird geladen...',
  previous: 'Zurück (Pfeiltaste links)',
  next: 'Weiter (Pfeiltaste rechts)',
  counter: '%curr% von %total%',
  imageError: 'Das Bild konnte nicht geladen werden.',
  ajaxError: 'Der Inhalt konnte nicht geladen werden.',
  notFound: 'Inhalt nicht gefunden',
  required: 'Dieses Feld ist erforderlich',
  pattern: 'Bitte verwenden Sie das verlangte Format',
  carousel: 'Karussell',
  slide: '%curr% von %total%',
  previousSlide: 'Vorherige Folie',
  nextSlide: 'Nächste Folie',
  table: 'Tabelle',
  downloadError: 'Die Dateien konnten nicht heruntergeladen werden.',
  tooManyFiles: 'Nur die ersten %max% der %count% gewählten Dateien sind enthalten.',
  newWindow: '(öffnet in neuem Fenster)',
  pause: 'Anhalten',
  play: 'Abspielen',
  results: '%count% Ergebnisse',
  retry: 'Erneut versuchen',
  chooseDate: 'Datum wählen',
});
