import { defineLabels } from './define';
import { EN } from './en';

defineLabels('fr', {
  ...EN,
  close: 'Fermer (Échap)',
  loading: 'Chargement...',
  previous: 'Précédent (flèche gauche)',
  next: 'Suivant (flèche droite)',
  counter: '%curr% sur %total%',
  imageError: "L'image n'a pas pu être chargée.",
  ajaxError: "Le contenu n'a pas pu être chargé.",
  notFound: 'Contenu introuvable',
  required: 'Ce champ est obligatoire',
  pattern: 'Veuillez respecter le format demandé',
  carousel: 'Carrousel',
  slide: '%curr% sur %total%',
  previousSlide: 'Diapositive précédente',
  nextSlide: 'Diapositive suivante',
  table: 'Tableau',
  downloadError: "Les fichiers n'ont pas pu être téléchargés.",
  tooManyFiles: 'Seuls les %max% premiers des %count% fichiers choisis sont inclus.',
  newWindow: '(ouvre une nouvelle fenêtre)',
  pause: 'Pause',
  play: 'Lecture',
  results: '%count% résultats',
  retry: 'Réessayer',
  chooseDate: 'Choisir une date',
});
